import Foundation
import Testing

@testable import KivaShell

/// The model decoder throws what compiled Swift throws: each case decodes the same JSON
/// with the lab's models and with the Swift the code generator writes for them
/// (hand-written below in the tutorial's style, following `ModelDecoder`'s rules), and
/// compares the errors: case, coding path, missing key and Foundation's description.
@Suite("Model decoder: DecodingErrors match compiled Swift")
struct CodableModelDecoderErrorTests {
  static let models = """
    model Loan { name: String; country: String = location.country; town: String? = location.town; amount: Int = loan_amount; posted: Date? = posted_date; tags: [String] ?? [] }
    model Store { loans: [Loan]; paging: Paging? }
    model Paging { page: Int; pageSize: Int = page_size }
    """

  static let good = """
    {"name": "A", "location": {"country": "K", "town": "T"}, "loan_amount": 1, "posted_date": "2012-06-12T20:30:03Z", "tags": ["x"]}
    """

  /// A store whose loans are `loans`, each given as JSON, `nil` meaning a good loan.
  static func store(_ loans: [String?], paging: String = "null") -> String {
    let items = loans.map { $0 ?? good }.joined(separator: ", ")
    return #"{"loans": [\#(items)], "paging": \#(paging)}"#
  }

  typealias Expected = ModelDecoding.ErrorSummary

  static let cases: [(String, String, Expected)] = [
    (
      "a missing key",
      store([nil, nil, nil, #"{"location": {"country": "K"}, "loan_amount": 1}"#]),
      Expected("keyNotFound", "loans[3]", key: "name")
    ),
    (
      "a missing intermediate object", store([nil, #"{"name": "A", "loan_amount": 1}"#]),
      Expected("keyNotFound", "loans[1]", key: "location")
    ),
    (
      "a missing nested key", store([#"{"name": "A", "location": {}, "loan_amount": 1}"#]),
      Expected("keyNotFound", "loans[0].location", key: "country")
    ),
    (
      "a string for an Int",
      store([nil, #"{"name": "A", "location": {"country": "K"}, "loan_amount": "800"}"#]),
      Expected("typeMismatch", "loans[1].loan_amount")
    ),
    (
      "null for a nested String",
      store([nil, nil, #"{"name": "A", "location": {"country": null}, "loan_amount": 1}"#]),
      Expected("valueNotFound", "loans[2].location.country")
    ),
    (
      "null for an intermediate object",
      store([#"{"name": "A", "location": null, "loan_amount": 1}"#]),
      Expected("valueNotFound", "loans[0].location")
    ),
    (
      "a string for an intermediate object",
      store([#"{"name": "A", "location": "Dakar", "loan_amount": 1}"#]),
      Expected("typeMismatch", "loans[0].location")
    ),
    (
      "a malformed ISO 8601 date (Foundation reports the object's path, not the key's)",
      store([
        nil,
        #"{"name": "A", "location": {"country": "K"}, "loan_amount": 1, "posted_date": "June 12"}"#,
      ]),
      Expected("dataCorrupted", "loans[1]")
    ),
    (
      "a number inside an array of strings",
      store([
        #"{"name": "A", "location": {"country": "K"}, "loan_amount": 1, "tags": ["x", 1]}"#
      ]),
      Expected("typeMismatch", "loans[0].tags[1]")
    ),
    (
      "null inside an array of strings",
      store([
        #"{"name": "A", "location": {"country": "K"}, "loan_amount": 1, "tags": ["x", null]}"#
      ]),
      Expected("valueNotFound", "loans[0].tags[1]")
    ),
    (
      "a string for an array with a default",
      store([#"{"name": "A", "location": {"country": "K"}, "loan_amount": 1, "tags": "x"}"#]),
      Expected("typeMismatch", "loans[0].tags")
    ),
    (
      "a non-integral number for an Int (Foundation's quirk: no path)",
      store([#"{"name": "A", "location": {"country": "K"}, "loan_amount": 1.5}"#]),
      Expected("dataCorrupted", "")
    ),
    ("no loans", #"{"paging": null}"#, Expected("keyNotFound", "", key: "loans")),
    ("null loans", #"{"loans": null}"#, Expected("valueNotFound", "loans")),
    ("an object for loans", #"{"loans": {}}"#, Expected("typeMismatch", "loans")),
    ("a null loan", store([nil, "null"]), Expected("valueNotFound", "loans[1]")),
    ("a string loan", store(["\"x\""]), Expected("typeMismatch", "loans[0]")),
    (
      "a wrong type in an optional nested model",
      store([], paging: #"{"page": "1", "page_size": 20}"#),
      Expected("typeMismatch", "paging.page")
    ),
    (
      "a missing key in an optional nested model", store([], paging: #"{"page": 1}"#),
      Expected("keyNotFound", "paging", key: "page_size")
    ),
    ("an array at the top", "[]", Expected("typeMismatch", "")),
    ("not JSON", "{", Expected("dataCorrupted", "")),
  ]

  @Test("each DecodingError kind, with compiled Swift's coding path", arguments: cases)
  func matchesCompiledSwift(_ what: String, json: String, expected: Expected) throws {
    let library = try ModelDecoding.library(Self.models)
    let data = Data(json.utf8)
    let lab = ModelDecoding.error {
      try ModelDecoder.decode("Store", from: data, library: library, options: DecodingOptions())
    }
    let compiled = ModelDecoding.error {
      try DecodingOptions().makeJSONDecoder().decode(Store.self, from: data)
    }
    #expect(lab == compiled, "\(what)")
    #expect(lab?.sameCase(as: expected) == true, "\(what): \(String(describing: lab))")
  }

  @Test("the good store decodes with both")
  func goodStoreDecodes() throws {
    let json = Self.store([nil, #"{"name": "B", "location": {"country": "K"}, "loan_amount": 2}"#])
    let library = try ModelDecoding.library(Self.models)
    let value = try ModelDecoder.decode(
      "Store", from: Data(json.utf8), library: library, options: DecodingOptions())
    let compiled = try DecodingOptions().makeJSONDecoder()
      .decode(Store.self, from: Data(json.utf8))
    #expect(compiled.loans.map(\.name) == ["A", "B"])
    #expect(compiled.loans.map(\.town) == ["T", nil])
    #expect(
      value.swiftDescription
        == #"Store(loans: [main.Loan(name: "A", country: "K", town: Optional("T"), amount: 1, "#
        + #"posted: Optional(2012-06-12 20:30:03 +0000), tags: ["x"]), main.Loan(name: "B", "#
        + #"country: "K", town: nil, amount: 2, posted: nil, tags: [])], paging: nil)"#)
  }
}

// What the code generator writes for `models`, by hand.

private struct Store: Decodable {
  var loans: [Loan]
  var paging: Paging?
}

private struct Paging: Decodable {
  var page: Int
  var pageSize: Int

  enum CodingKeys: String, CodingKey {
    case page
    case pageSize = "page_size"
  }
}

private struct Loan: Decodable {
  var name: String
  var country: String
  var town: String?
  var amount: Int
  var posted: Date?
  var tags: [String]

  enum CodingKeys: String, CodingKey {
    case name, location, tags
    case amount = "loan_amount"
    case posted = "posted_date"
  }

  enum LocationKeys: String, CodingKey {
    case country, town
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
    country = try location.decode(String.self, forKey: .country)
    if container.contains(.location), try !container.decodeNil(forKey: .location) {
      let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
      town = try location.decodeIfPresent(String.self, forKey: .town)
    } else {
      town = nil
    }
    amount = try container.decode(Int.self, forKey: .amount)
    posted = try container.decodeIfPresent(Date.self, forKey: .posted)
    tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
  }
}
