import Foundation
import Testing

@testable import KivaShell

@Suite("Traced decoding of real Swift types")
struct CodableTracingTests {
  /// The first loan of the 2012 snapshot, as its own JSON object.
  private static func firstSnapshotLoan() throws -> Data {
    let data = try Data(
      contentsOf: TestPaths.fixtures.appendingPathComponent("newest-2012-06-12.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let loans = try #require(object["loans"] as? [Any])
    return try JSONSerialization.data(withJSONObject: try #require(loans.first))
  }

  @Test("the Loan type's init(from:), with its nested location container")
  func loan() throws {
    let trace = DecodingTrace()
    let loan = try TracedDecoding.decode(
      Loan.self, from: try Self.firstSnapshotLoan(), options: DecodingOptions(), trace: trace)
    #expect(loan.name == "Pheap's Group")
    #expect(loan.postedDate == Date(timeIntervalSince1970: 1_339_533_003))
    #expect(
      trace.lines == [
        "Loan.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode(Int.self, forKey: .id → "id") → 436753"#,
        #"    decode(String.self, forKey: .name → "name") → "Pheap\'s Group""#,
        #"    decode(String.self, forKey: .use → "use") → "to buy fertilizers for her farmland.""#,
        #"    decode(Int.self, forKey: .amount → "loan_amount") → 800"#,
        #"    decode(String.self, forKey: .sector → "sector") → "Agriculture""#,
        #"    decode(String.self, forKey: .activity → "activity") → "Farming""#,
        #"    decode(String.self, forKey: .status → "status") → "fundraising""#,
        #"    decodeIfPresent(Int.self, forKey: .fundedAmount → "funded_amount") → 0"#,
        #"    decodeIfPresent(Int.self, forKey: .basketAmount → "basket_amount") → 0"#,
        #"    decodeIfPresent(Int.self, forKey: .borrowerCount → "borrower_count") → 3"#,
        #"    decodeIfPresent(Int.self, forKey: .lenderCount → "lender_count") → nil"#,
        #"    decodeIfPresent(Int.self, forKey: .partnerID → "partner_id") → 204"#,
        #"    decodeIfPresent(Date.self, forKey: .postedDate → "posted_date")"#
          + " → 2012-06-12 20:30:03 +0000",
        #"    decodeIfPresent(Date.self, forKey: .plannedExpirationDate → "planned_expiration_date")"#
          + " → 2012-07-12 20:30:03 +0000",
        #"    decodeIfPresent([String].self, forKey: .themes → "themes") → nil"#,
        #"    decodeIfPresent(String.self, forKey: .theme → "theme") → nil"#,
        #"    decodeIfPresent([Tag].self, forKey: .tags → "tags") → nil"#,
        #"    nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location")"#,
        #"      decode(String.self, forKey: .country → "country") → "Cambodia""#,
        #"      decodeIfPresent(String.self, forKey: .countryCode → "country_code") → "KH""#,
        #"      decodeIfPresent(String.self, forKey: .town → "town")"#
          + #" → "Kampong Cham province, Dambae district""#,
        #"      contains(.geo → "geo") → true"#,
        #"      nestedContainer(keyedBy: GeoKeys.self, forKey: .geo → "geo")"#,
        #"        decodeIfPresent(String.self, forKey: .pairs → "pairs") → "13 105""#,
      ])
  }

  @Test("a failing call is recorded with its DecodingError case, and the error rethrown")
  func failure() throws {
    let json = #"{"id": 7, "name": "Amina", "use": "x", "amount": 50}"#
    let trace = DecodingTrace()
    #expect {
      try TracedDecoding.decode(
        Loan.self, from: Data(json.utf8), options: DecodingOptions(), trace: trace)
    } throws: { error in
      guard case .keyNotFound(let key, _) = error as? DecodingError else { return false }
      return key.stringValue == "loan_amount"
    }
    #expect(
      trace.lines == [
        "Loan.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode(Int.self, forKey: .id → "id") → 7"#,
        #"    decode(String.self, forKey: .name → "name") → "Amina""#,
        #"    decode(String.self, forKey: .use → "use") → "x""#,
        #"    decode(Int.self, forKey: .amount → "loan_amount") ✗ keyNotFound"#,
      ])
  }

  @Test("a small struct: an array traced element by element, an absent optional")
  func arrayAndOptional() throws {
    let json = #"{"name": "Amina", "scores": [3, 5], "town": null}"#
    let trace = DecodingTrace()
    let borrower = try TracedDecoding.decode(
      Borrower.self, from: Data(json.utf8), options: DecodingOptions(), trace: trace)
    #expect(borrower == Borrower(name: "Amina", scores: [3, 5], town: nil))
    #expect(
      trace.lines == [
        "Borrower.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode(String.self, forKey: .name → "name") → "Amina""#,
        #"    decode([Int].self, forKey: .scores → "scores")"#,
        "      [Int].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode(Int.self) → 3",
        "          decode(Int.self) → 5",
        #"    decodeIfPresent(String.self, forKey: .town → "town") → nil"#,
      ])
  }

  @Test("nested Decodable types get their own init(from:) scope; failures stop at the first")
  func nestedTypeFailure() throws {
    let json = #"{"name": "Amina", "scores": [3, "five"]}"#
    let trace = DecodingTrace()
    #expect(throws: DecodingError.self) {
      try TracedDecoding.decode(
        Borrower.self, from: Data(json.utf8), options: DecodingOptions(), trace: trace)
    }
    #expect(
      trace.lines == [
        "Borrower.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode(String.self, forKey: .name → "name") → "Amina""#,
        #"    decode([Int].self, forKey: .scores → "scores")"#,
        "      [Int].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode(Int.self) → 3",
        "          decode(Int.self) ✗ typeMismatch",
      ])
  }

  @Test("malformed JSON fails before any init(from:) runs")
  func malformed() {
    let trace = DecodingTrace()
    #expect(throws: DecodingError.self) {
      try TracedDecoding.decode(
        Borrower.self, from: Data(#"{"name": "#.utf8), options: DecodingOptions(), trace: trace)
    }
    #expect(trace.lines == ["decode(Borrower.self, from: data) ✗ dataCorrupted"])
  }

  @Test("an error the type throws itself is recorded where it was thrown")
  func ownError() {
    let trace = DecodingTrace()
    #expect(throws: DecodingError.self) {
      try TracedDecoding.decode(
        Picky.self, from: Data(#"{"code": "XX"}"#.utf8), options: DecodingOptions(),
        trace: trace)
    }
    #expect(
      trace.lines == [
        "Picky.init(from: decoder)",
        "  singleValueContainer()",
        "    decode([String: String].self) → [\"code\": \"XX\"]",
        "  throw ✗ dataCorrupted",
      ])
  }
}

/// A small model with an array and an optional, using the synthesized `init(from:)`.
private struct Borrower: Decodable, Equatable {
  var name: String
  var scores: [Int]
  var town: String?
}

/// Throws its own error after reading a `[String: String]` (decoded by Foundation directly).
private struct Picky: Decodable {
  init(from decoder: any Decoder) throws {
    let fields = try decoder.singleValueContainer().decode([String: String].self)
    throw DecodingError.dataCorrupted(
      .init(codingPath: [], debugDescription: "unknown code \(fields["code"] ?? "")"))
  }
}
