import Foundation
import Testing

@testable import KivaShell

@Suite("Model decoder: the tutorial's steps, defaults, optionals, strategies")
struct CodableModelDecoderTests {
  static let johnDavis = """
    {"name": "John Davis", "country": "Paraguay", "use": "to buy a new sewing machine", "amount": 150}
    """

  @Test("step 1: a flat Loan whose properties match the keys")
  func flatLoan() throws {
    let value = try ModelDecoding.decode(
      "Loan", Self.johnDavis,
      models: "model Loan { name: String; country: String; use: String; amount: Int }")
    #expect(
      value
        == .model(
          "Loan",
          [
            "name": .string("John Davis"), "country": .string("Paraguay"),
            "use": .string("to buy a new sewing machine"), "amount": .int(150),
          ]))
    #expect(
      value.swiftDescription
        == #"Loan(name: "John Davis", country: "Paraguay", use: "to buy a new sewing machine", "#
        + "amount: 150)")
  }

  @Test("step 2: CodingKeys rename loan_amount to amount")
  func renamedKey() throws {
    let value = try ModelDecoding.decode(
      "Loan", #"{"name": "John Davis", "loan_amount": 150}"#,
      models: "model Loan { name: String; amount: Int = loan_amount }")
    #expect(value.swiftDescription == #"Loan(name: "John Davis", amount: 150)"#)
  }

  @Test("step 3: a nested container reaches location.country")
  func nestedKey() throws {
    let json = #"{"name": "John Davis", "location": {"country": "Paraguay"}, "loan_amount": 150}"#
    let value = try ModelDecoding.decode(
      "Loan", json,
      models:
        "model Loan { name: String; country: String = location.country; amount: Int = loan_amount }"
    )
    #expect(
      value.swiftDescription == #"Loan(name: "John Davis", country: "Paraguay", amount: 150)"#)
  }

  @Test("step 4: LoanStore decodes the real page of twenty loans, paging included")
  func loanStore() throws {
    let library = try ModelDecoding.library(
      """
      model Loan { name: String; country: String = location.country; use: String; amount: Int = loan_amount }
      model LoanStore { loans: [Loan]; paging: Paging? }
      model Paging { page: Int; total: Int; pageSize: Int = page_size; pages: Int }
      """)
    let value = try ModelDecoder.decode(
      "LoanStore", from: try ModelDecoding.fixture(), library: library, options: DecodingOptions())
    guard case .array(let loans) = value[field: "loans"] else {
      Issue.record("no loans in \(value)")
      return
    }
    #expect(loans.count == 20)
    #expect(
      loans.first
        == .model(
          "Loan",
          [
            "name": .string("Pheap's Group"), "country": .string("Cambodia"),
            "use": .string("to buy fertilizers for her farmland."), "amount": .int(800),
          ]))
    #expect(loans.last?[field: "name"] == .string("Ivan"))
    #expect(
      value[field: "paging"]
        == .optional(
          .model(
            "Paging",
            ["page": .int(1), "total": .int(418619), "pageSize": .int(20), "pages": .int(20931)])))
    #expect(
      value.swiftDescription.hasPrefix(
        #"LoanStore(loans: [main.Loan(name: "Pheap\'s Group", country: "Cambodia", "#))
    #expect(
      value.swiftDescription.hasSuffix(
        "paging: Optional(main.Paging(page: 1, total: 418619, pageSize: 20, pages: 20931)))"))
  }

  /// Models exercising defaults and optionals, and the JSON and value each gets.
  static let defaultsModels = """
    model Tagged { tags: [String] ?? []; featured: Bool = is_featured ?? false; note: String? = "first-name"; count: Int ?? 0; town: String? = location.town; rate: Double ?? 1; label: String? ?? "none" }
    """

  @Test(
    "defaults fill missing and null keys; optionals are nil; missing intermediate objects fall back",
    arguments: [
      (
        #"{}"#,
        #"Tagged(tags: [], featured: false, note: nil, count: 0, town: nil, rate: 1.0, label: Optional("none"))"#
      ),
      (
        #"{"tags": null, "is_featured": null, "first-name": null, "count": null, "location": null, "rate": null, "label": null}"#,
        #"Tagged(tags: [], featured: false, note: nil, count: 0, town: nil, rate: 1.0, label: Optional("none"))"#
      ),
      (
        #"{"tags": ["a", "b"], "is_featured": true, "first-name": "Ana", "count": 3, "location": {"town": "Dakar"}, "rate": 2.5, "label": "x"}"#,
        #"Tagged(tags: ["a", "b"], featured: true, note: Optional("Ana"), count: 3, town: Optional("Dakar"), rate: 2.5, label: Optional("x"))"#
      ),
      (
        #"{"location": {}}"#,
        #"Tagged(tags: [], featured: false, note: nil, count: 0, town: nil, rate: 1.0, label: Optional("none"))"#
      ),
    ])
  func defaultsAndOptionals(json: String, printed: String) throws {
    let value = try ModelDecoding.decode("Tagged", json, models: Self.defaultsModels)
    #expect(value.swiftDescription == printed)
  }

  @Test("optional models and arrays of optionals, nested arrays")
  func optionalsInArrays() throws {
    let models = """
      model Box { items: [Item?]; grid: [[Int]]; maybe: [[String]?]; first: Item?; rest: [Item]? }
      model Item { id: Int }
      """
    let json = #"{"items": [{"id": 1}, null], "grid": [[1, 2], []], "maybe": [null, ["x"]]}"#
    let value = try ModelDecoding.decode("Box", json, models: models)
    #expect(
      value.swiftDescription
        == "Box(items: [Optional(main.Item(id: 1)), nil], grid: [[1, 2], []], "
        + #"maybe: [nil, Optional(["x"])], first: nil, rest: nil)"#)
  }

  @Test("with convertFromSnakeCase, key paths name the converted camelCase keys")
  func snakeCase() throws {
    let models = """
      model Loan { amount: Int = loanAmount; code: String = location.countryCode; raw: Int? = loan_amount }
      """
    let json = #"{"loan_amount": 800, "location": {"country_code": "KH"}}"#
    let options = DecodingOptions(keyStrategy: .convertFromSnakeCase)
    let value = try ModelDecoding.decode("Loan", json, models: models, options: options)
    #expect(value.swiftDescription == #"Loan(amount: 800, code: "KH", raw: nil)"#)
    // With the default keys, the same model finds no loanAmount.
    let error = ModelDecoding.error { try ModelDecoding.decode("Loan", json, models: models) }
    #expect(error?.sameCase(as: .init("keyNotFound", "", key: "loanAmount")) == true)
  }

  @Test(
    "dates decode with each strategy and print as Foundation prints them",
    arguments: [
      (DecodingOptions.DateStrategy.iso8601, #""2012-06-12T20:30:03Z""#, 1_339_533_003.0),
      (.secondsSince1970, "1339533003", 1_339_533_003),
      (.deferredToDate, "361225803", 1_339_533_003),
      (.secondsSince1970, "1339533003.5", 1_339_533_003.5),
    ])
  func dates(strategy: DecodingOptions.DateStrategy, json: String, seconds: Double) throws {
    let value = try ModelDecoding.decode(
      "Post", #"{"posted_date": \#(json), "expires": null}"#,
      models: "model Post { posted: Date = posted_date; expires: Date? }",
      options: DecodingOptions(dateStrategy: strategy))
    let date = Date(timeIntervalSince1970: seconds)
    #expect(value == .model("Post", ["posted": .date(date), "expires": .optional(nil)]))
    #expect(value.swiftDescription == "Post(posted: 2012-06-12 20:30:03 +0000, expires: nil)")
  }

  @Test("a model the library lacks is a ModelDecodingError with a suggestion")
  func unknownModel() throws {
    #expect(throws: ModelDecodingError(message: "no model named 'Laon' — did you mean 'Loan'?")) {
      try ModelDecoding.decode("Laon", "{}", models: "model Loan { name: String }")
    }
    #expect(throws: ModelDecodingError(message: "no model named 'Paging'")) {
      try ModelDecoding.decode("Store", #"{"p": {}}"#, models: "model Store { p: Paging }")
    }
  }
}
