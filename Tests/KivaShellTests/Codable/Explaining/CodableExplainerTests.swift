import Foundation
import Testing

@testable import KivaShell

@Suite("DecodingError explained: summary and notes")
struct CodableExplainerTests {
  /// A loan as the Kiva API sends it (the keys `Loan` reads), some values replaced.
  private static func loan(_ id: Int, _ replacing: [String: String] = [:]) -> String {
    let fields = [
      ("id", "\(id)"), ("name", #""Amina""#), ("use", #""to buy fabric""#), ("loan_amount", "450"),
      ("sector", #""Clothing""#), ("activity", #""Tailoring""#), ("status", #""fundraising""#),
      ("location", #"{"country": "Kenya"}"#),
    ]
    return "{" + fields.map { "\"\($0)\": \(replacing[$0] ?? $1)" }.joined(separator: ", ") + "}"
  }

  /// Decodes `json` as `T` with `JSONDecoder` and explains the error it throws.
  private func explain<T: Decodable>(
    _ type: T.Type, _ json: String, options: DecodingOptions = DecodingOptions()
  ) throws -> ExplainedDecodingError {
    let data = Data(json.utf8)
    do {
      _ = try options.makeJSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      return DecodingErrorExplainer.explain(
        error, json: data, options: options, modelName: TraceText.typeName(type))
    }
    Issue.record("\(json) decoded without an error")
    return ExplainedDecodingError(summary: "")
  }

  @Test("keyNotFound: the keys that are there, did-you-mean, the CodingKeys fix")
  func keyNotFound() throws {
    let renamed = #"{"id": 2, "name": "Bo", "use": "seeds", "amount": 300}"#
    let json = #"{"loans": [\#(Self.loan(1)), \#(renamed)]}"#
    let explained = try explain(LoanPage.self, json)
    #expect(explained.summary == "'loan_amount' is missing at loans[1]")
    #expect(
      explained.notes == [
        "path: loans[1].loan_amount",
        "JSON key: 'loan_amount' (the property is 'amount')",
        "keys there: amount, id, name, use — did you mean 'amount'?",
        "fix: add or correct the CodingKeys case: case amount (no raw value: the JSON key is 'amount')",
        "fix: if 'loan_amount' may be absent, make the property optional: var amount: Int?"
          + " (decodeIfPresent gives nil)",
      ])
  }

  @Test("a sample of big JSON: its arrays cut to their first elements, big values null")
  func jsonSample() throws {
    let text =
      #"{"loans": [{"n": "a]\"}"}, {"n": "b"}, {"n": "c"}], "paging": {"page": 1},"#
      + #" "blob": "\#(String(repeating: "x", count: 50))", "tags": []}"#
    let cut = try #require(JSONSample.cut(Data(text.utf8), elements: 2, largestValue: 20))
    #expect(
      String(decoding: cut, as: UTF8.self)
        == #"{"loans":[{"n": "a]\"}"},{"n": "b"}],"paging":{"page": 1},"blob":null,"tags":[]}"#)
    #expect(JSONSample.cut(Data(#"{"a": 1, "b": true}"#.utf8)) == Data(#"{"a":1,"b":true}"#.utf8))
    #expect(JSONSample.cut(Data("[1, [2, 3], 4]".utf8), elements: 2) == Data("[1,[2, 3]]".utf8))
    #expect(JSONSample.cut(Data(#"{"a": [1, 2"#.utf8)) == nil)
    #expect(JSONSample.cut(Data("12".utf8)) == nil)
  }

  @Test(
    "a sample that cuts nothing is the same JSON",
    arguments: [
      "newest-2012-06-12.json", "landmarkData.json", "restaurants.json", "mareme-loans.json",
    ])
  func jsonSampleKeepsAll(fixture: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture(fixture)))
    let cut = try #require(JSONSample.cut(data, elements: .max, largestValue: .max))
    let original = try JSONSerialization.jsonObject(with: data) as? NSObject
    let sampled = try JSONSerialization.jsonObject(with: cut) as? NSObject
    #expect(original != nil && original == sampled)
  }

  @Test("JSON past the size limit is quoted from a sample of it, and says so")
  func tooBigToQuote() throws {
    let json = Data(#"{"loans": [\#(Self.loan(1))]}"#.utf8)
    do {
      _ = try JSONDecoder().decode(Loan.self, from: json)
      Issue.record("decoded a loan from a page")
    } catch let error as DecodingError {
      let full = DecodingErrorExplainer.explain(
        error, json: json, options: DecodingOptions(), modelName: "Loan")
      #expect(full.notes.contains("keys there: loans"))
      // Past the limit: quoted from a sample, which still shows the wrapper.
      let sampled = DecodingErrorExplainer.explain(
        error, json: json, options: DecodingOptions(), modelName: "Loan",
        documentLimit: json.count - 1)
      #expect(sampled.summary == full.summary)
      #expect(sampled.notes.dropLast() == full.notes)
      #expect(
        sampled.notes.last
          == "the JSON is \(json.count) B: what is quoted comes from its arrays' first 100"
          + " elements")
    }
  }

  @Test("keyNotFound for a key that lives in a nested object suggests nestedContainer")
  func keyInNestedObject() throws {
    let json = #"{"name": "Amina", "location": {"country": "Kenya", "town": "Nairobi"}}"#
    let explained = try explain(Place.self, json)
    #expect(explained.summary == "'country' is missing at the top level (Place)")
    #expect(
      explained.notes == [
        "path: country",
        "keys there: location, name",
        "found: 'country' is inside 'location', at location.country",
        "fix: read it through a nested container: let location = try container.nestedContainer("
          + "keyedBy: LocationKeys.self, forKey: .location), then decode .country from location",
        "fix: if 'country' may be absent, make the property optional: var country: …?"
          + " (decodeIfPresent gives nil)",
      ])
  }

  @Test("keyNotFound with snake_case JSON and camelCase keys suggests the key strategy")
  func snakeCaseKeys() throws {
    let explained = try explain(Posting.self, #"{"posted_date": "2012-06-12T20:30:03Z"}"#)
    #expect(explained.summary == "'postedDate' is missing at the top level (Posting)")
    #expect(
      explained.notes == [
        "path: postedDate",
        "keys there: posted_date — did you mean 'posted_date'?",
        #"fix: add or correct the CodingKeys case: case postedDate = "posted_date""#,
        "fix: or convert every key: decoder.keyDecodingStrategy = .convertFromSnakeCase",
        "fix: if 'postedDate' may be absent, make the property optional: var postedDate: …?"
          + " (decodeIfPresent gives nil)",
      ])
  }

  @Test("typeMismatch quotes the JSON value and suggests the type that fits it")
  func typeMismatch() throws {
    let bad = Self.loan(2, ["loan_amount": "\"lots\""])
    let json = #"{"loans": [\#(Self.loan(1)), \#(bad)]}"#
    let explained = try explain(LoanPage.self, json)
    #expect(explained.summary == #"loans[1].loan_amount should be Int, found the string "lots""#)
    #expect(
      explained.notes == [
        "path: loans[1].loan_amount",
        "JSON key: 'loan_amount' (the property is 'amount')",
        #"expected: Int — found: a string "lots""#,
        "fix: declare the property as String: var amount: String",
      ])
  }

  @Test("typeMismatch: a number sent as a string, an object where a list was expected")
  func typeMismatchShapes() throws {
    let numeric = try explain(Place.self, #"{"name": 7, "country": "Kenya"}"#)
    #expect(numeric.summary == "name should be String, found the number 7")
    #expect(numeric.notes.last == "fix: declare the property as Int: var name: Int")
    let notAList = try explain(LoanPage.self, #"{"loans": {"id": 1}}"#)
    #expect(notAList.summary == "loans should be an array, found an object with 1 key")
    #expect(
      notAList.notes == [
        "path: loans",
        "expected: an array — found: an object with 1 key",
        "fix: the JSON has one object here, not a list: declare the property as a single struct",
      ])
  }

  @Test("typeMismatch of an ISO 8601 date read as a number suggests .iso8601")
  func dateStrategy() throws {
    let explained = try explain(
      Posting.self, #"{"postedDate": "2012-06-12T20:30:03Z"}"#,
      options: DecodingOptions(dateStrategy: .deferredToDate))
    #expect(
      explained.summary
        == #"postedDate is the ISO 8601 date "2012-06-12T20:30:03Z", but the decoder reads"#
        + " dates as numbers (.deferredToDate)")
    #expect(
      explained.notes == [
        "path: postedDate",
        #"expected: Double — found: a string "2012-06-12T20:30:03Z""#,
        "fix: read ISO 8601 dates: decoder.dateDecodingStrategy = .iso8601",
      ])
  }

  @Test("valueNotFound: null for a property that is not optional")
  func valueNotFound() throws {
    let json = #"{"loans": [\#(Self.loan(1, ["name": "null"]))]}"#
    let explained = try explain(LoanPage.self, json)
    #expect(explained.summary == "loans[0].name is null, but String is not optional")
    #expect(
      explained.notes == [
        "path: loans[0].name",
        "expected: String — found: null",
        "fix: make the property optional: var name: String? (decodeIfPresent gives nil for null)",
        "fix: or keep it and default it: try container.decodeIfPresent(String.self, forKey: .name)"
          + #" ?? """#,
      ])
  }

  @Test("valueNotFound: a null nested object")
  func nullObject() throws {
    let explained = try explain(LoanPage.self, #"{"loans": [\#(Self.loan(1)), null]}"#)
    #expect(explained.summary == "loans[1] is null, but the model expects an object there")
    #expect(
      explained.notes == [
        "path: loans[1]",
        "expected: an object — found: null",
        "fix: the array holds nulls: decode its elements as optionals ([…?])",
      ])
  }

  @Test("dataCorrupted: a date that is not ISO 8601, found by key in its object")
  func badDate() throws {
    let json = #"{"loans": [{"posted_date": "2012-06-1X"}]}"#
    let explained = try explain(
      PostingPage.self, json, options: DecodingOptions(keyStrategy: .convertFromSnakeCase))
    #expect(explained.summary == #"loans[0].posted_date: "2012-06-1X" is not an ISO 8601 date"#)
    #expect(
      explained.notes == [
        "path: loans[0].posted_date",
        #"expected: an ISO 8601 date like "2012-06-12T20:30:03Z" — found: a string "2012-06-1X""#,
        "fix: correct the date in the JSON",
        "fix: or let a bad date give nil: make the property optional (var postedDate: Date?) "
          + "and decode it with try?: postedDate = try? container.decodeIfPresent(Date.self, "
          + "forKey: .postedDate)",
      ])
  }

  @Test("dataCorrupted: a date without a time suggests a DateFormatter")
  func dateWithoutTime() throws {
    let explained = try explain(Posting.self, #"{"postedDate": "2012-06-12"}"#)
    #expect(explained.summary == #"postedDate: "2012-06-12" is not an ISO 8601 date"#)
    #expect(
      explained.notes.last
        == #"fix: the date has no time: use a DateFormatter with dateFormat "yyyy-MM-dd" and"#
        + " decoder.dateDecodingStrategy = .formatted(formatter)")
  }

  @Test("dataCorrupted: a value that is no case of an enum")
  func enumCase() throws {
    let explained = try explain(Review.self, #"{"status": "in review"}"#)
    #expect(explained.summary == #"status: "in review" is not a case of ReviewStatus"#)
    #expect(
      explained.notes == [
        "path: status",
        #"expected: one of ReviewStatus's raw values — found: a string "in review""#,
        #"fix: add the case to the enum: case inReview = "in review""#,
        "fix: or declare the property as String and compare it yourself",
      ])
  }

  @Test("dataCorrupted: malformed JSON is explained with its line and a caret")
  func malformed() throws {
    let explained = try explain(LoanPage.self, "{\"loans\": [\n  {\"id\": 1 \"name\": 2}\n]}")
    #expect(
      explained
        == ExplainedDecodingError(
          summary: "the JSON is malformed at line 2, column 12: expected ',' or '}' after an"
            + " object member, found '\"'",
          notes: [#"2 |   {"id": 1 "name": 2}"#, "  |            ^"]))
  }

  @Test("dataCorrupted: valid JSON Foundation calls invalid lists the numbers that fit no Int")
  func numberDoesNotFit() {
    // What JSONDecoder on Linux throws for 12.5 decoded as Int.
    let error = DecodingError.dataCorrupted(
      .init(codingPath: [], debugDescription: "The given data was not valid JSON."))
    let json = Data(#"{"loans": [{"loan_amount": 450}, {"loan_amount": 12.5}]}"#.utf8)
    let explained = DecodingErrorExplainer.explain(
      error, json: json, options: DecodingOptions(), modelName: "LoanPage")
    #expect(
      explained.summary
        == #"a number does not fit its Swift type (Foundation says "The given data was not valid JSON.")"#
    )
    #expect(
      explained.notes == [
        "numbers that do not fit Int: loans[1].loan_amount = 12.5",
        "fix: declare properties that can hold fractions as Double (in Swift, Decimal keeps "
          + "money's cents exact; the lab's models have Double)",
      ])
  }
}

private struct LoanPage: Decodable {
  var loans: [Loan]
}

private struct Place: Decodable {
  var name: String
  var country: String
}

private struct Posting: Decodable {
  var postedDate: Date
}

private struct PostingPage: Decodable {
  var loans: [Posting]
}

private enum ReviewStatus: String, Decodable {
  case open, closed
}

private struct Review: Decodable {
  var status: ReviewStatus
}
