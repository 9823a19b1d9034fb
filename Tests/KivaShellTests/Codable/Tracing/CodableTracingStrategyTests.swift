import Foundation
import Testing

@testable import KivaShell

@Suite("Traced decoding keeps Foundation's strategies and errors")
struct CodableTracingStrategyTests {
  private static let posted = Date(timeIntervalSince1970: 1_339_533_003)

  @Test("a Date field decodes with .iso8601 through the wrapper")
  func iso8601() throws {
    let trace = DecodingTrace()
    let value = try TracedDecoding.decode(
      Posting.self, from: Data(#"{"title": "a", "when": "2012-06-12T20:30:03Z"}"#.utf8),
      options: DecodingOptions(dateStrategy: .iso8601), trace: trace)
    #expect(value.when == Self.posted)
    #expect(
      trace.lines.last
        == #"    decode(Date.self, forKey: .when → "when") → 2012-06-12 20:30:03 +0000"#)
  }

  @Test("a date in a single-value container, in an array, still gets the date strategy")
  func singleValueDate() throws {
    let trace = DecodingTrace()
    let stamps = try TracedDecoding.decode(
      [Stamp].self, from: Data(#"["2012-06-12T20:30:03Z"]"#.utf8), options: DecodingOptions(),
      trace: trace)
    #expect(stamps.map(\.date) == [Self.posted])
    #expect(
      trace.lines == [
        "[Stamp].init(from: decoder)",
        "  unkeyedContainer()",
        "    decode(Stamp.self)",
        "      Stamp.init(from: decoder)",
        "        singleValueContainer()",
        "          decode(Date.self) → 2012-06-12 20:30:03 +0000",
      ])
  }

  @Test("superDecoder(forKey:) hands out a traced decoder")
  func superDecoder() throws {
    let trace = DecodingTrace()
    let json = #"{"inner": {"title": "a", "when": "2012-06-12T20:30:03Z"}}"#
    let value = try TracedDecoding.decode(
      Wrapped.self, from: Data(json.utf8), options: DecodingOptions(), trace: trace)
    #expect(value.inner.when == Self.posted)
    #expect(
      trace.lines == [
        "Wrapped.init(from: decoder)",
        "  container(keyedBy: Keys.self)",
        #"    superDecoder(forKey: .inner → "inner")"#,
        "      container(keyedBy: CodingKeys.self)",
        #"        decode(String.self, forKey: .title → "title") → "a""#,
        #"        decode(Date.self, forKey: .when → "when") → 2012-06-12 20:30:03 +0000"#,
      ])
  }

  @Test("a Date field decodes with .secondsSince1970 and .deferredToDate")
  func numericDates() throws {
    let json = Data(#"{"title": "a", "when": 1339533003}"#.utf8)
    let seconds = try TracedDecoding.decode(
      Posting.self, from: json, options: DecodingOptions(dateStrategy: .secondsSince1970),
      trace: DecodingTrace())
    #expect(seconds.when == Self.posted)
    let deferred = try TracedDecoding.decode(
      Posting.self, from: Data(#"{"title": "a", "when": 0}"#.utf8),
      options: DecodingOptions(dateStrategy: .deferredToDate), trace: DecodingTrace())
    #expect(deferred.when == Date(timeIntervalSinceReferenceDate: 0))
  }

  @Test(".convertFromSnakeCase works, and the trace shows the snake_case JSON key")
  func snakeCase() throws {
    let json = #"{"loan_amount": 800, "partner_id": 204, "posted_date": "2012-06-12T20:30:03Z"}"#
    let trace = DecodingTrace()
    let value = try TracedDecoding.decode(
      SnakeLoan.self, from: Data(json.utf8),
      options: DecodingOptions(keyStrategy: .convertFromSnakeCase), trace: trace)
    #expect(value == SnakeLoan(loanAmount: 800, partnerID: nil, postedDate: Self.posted))
    #expect(
      trace.lines == [
        "SnakeLoan.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode(Int.self, forKey: .loanAmount → "loan_amount") → 800"#,
        // Foundation turns partner_id into partnerId, which is not partnerID.
        #"    decodeIfPresent(Int.self, forKey: .partnerID → "partner_id") → nil"#,
        #"    decode(Date.self, forKey: .postedDate → "posted_date") → 2012-06-12 20:30:03 +0000"#,
      ])
  }

  @Test(
    "errors are Foundation's own, unchanged",
    arguments: [
      #"{"title": "a"}"#, #"{"title": 5, "when": "2012-06-12T20:30:03Z"}"#,
      #"{"title": null, "when": "2012-06-12T20:30:03Z"}"#, #"{"title": "a", "when": "soon"}"#,
      #"{"title": "a", "when": "#,
    ])
  func sameErrors(json: String) {
    let data = Data(json.utf8)
    var plain = ""
    var traced = ""
    do { _ = try LoanStore.makeDecoder().decode(Posting.self, from: data) } catch {
      plain = String(reflecting: error)
    }
    do {
      _ = try TracedDecoding.decode(
        Posting.self, from: data, options: DecodingOptions(), trace: DecodingTrace())
    } catch { traced = String(reflecting: error) }
    #expect(!plain.isEmpty)
    #expect(traced == plain)
  }

  @Test("a failed element decode does not move the array on: a bad loan is skipped alone")
  func badLoanSkipped() throws {
    let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("one-bad-loan.json"))
    let plain = try LoanStore.makeDecoder().decode(LoanStore.self, from: data)
    let traced = try TracedDecoding.decode(
      LoanStore.self, from: data, options: DecodingOptions(), trace: DecodingTrace())
    #expect(traced.loans == plain.loans)
    #expect(traced.skipped == plain.skipped)
    #expect(!traced.skipped.isEmpty)
  }

  @Test("using an outer container again, then the inner one, reopens the inner scope")
  func interleaved() throws {
    let json = #"{"name": "Amina", "location": {"country": "Kenya", "town": "Tiribe"}}"#
    let trace = DecodingTrace()
    _ = try TracedDecoding.decode(
      Interleaved.self, from: Data(json.utf8), options: DecodingOptions(), trace: trace)
    #expect(
      trace.lines == [
        "Interleaved.init(from: decoder)",
        "  container(keyedBy: Keys.self)",
        #"    nestedContainer(keyedBy: Keys.self, forKey: .location → "location")"#,
        #"      decode(String.self, forKey: .country → "country") → "Kenya""#,
        #"    decode(String.self, forKey: .name → "name") → "Amina""#,
        #"    nestedContainer(keyedBy: Keys.self, forKey: .location → "location") (continued)"#,
        #"      decode(String.self, forKey: .town → "town") → "Tiribe""#,
      ])
  }
}

/// A date read through a single-value container, inside an array.
private struct Stamp: Decodable {
  var date: Date

  init(from decoder: any Decoder) throws {
    date = try decoder.singleValueContainer().decode(Date.self)
  }
}

/// Hands a nested object to another type through `superDecoder(forKey:)`.
private struct Wrapped: Decodable {
  enum Keys: String, CodingKey { case inner }
  var inner: Posting

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    inner = try Posting(from: container.superDecoder(forKey: .inner))
  }
}

private struct Posting: Decodable {
  var title: String
  var when: Date
}

private struct SnakeLoan: Decodable, Equatable {
  var loanAmount: Int
  var partnerID: Int?
  var postedDate: Date
}

/// Reads the outer container between two reads of the nested one.
private struct Interleaved: Decodable {
  enum Keys: String, CodingKey { case name, location, country, town }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    let location = try container.nestedContainer(keyedBy: Keys.self, forKey: .location)
    _ = try location.decode(String.self, forKey: .country)
    _ = try container.decode(String.self, forKey: .name)
    _ = try location.decode(String.self, forKey: .town)
  }
}
