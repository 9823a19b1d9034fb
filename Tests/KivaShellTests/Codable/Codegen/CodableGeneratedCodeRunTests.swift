import Foundation
import Testing

@testable import KivaShell

/// The generated Swift compiled with `swiftc` and run on JSON: what it prints is what
/// Swift's own `JSONDecoder` does with the models, errors included.
@Suite("Generated Swift compiles and decodes")
struct CodableGeneratedCodeRunTests {
  /// Every sample model under distinct names, reached from one root so that one source
  /// declares them all.
  static let library: ModelLibrary = {
    let parts: [ModelDefinition] = [
      CodegenSamples.flatLoan(named: "Loan"), CodegenSamples.renamedLoan(named: "RenamedLoan"),
      CodegenSamples.nestedLoan(named: "NestedLoan"), CodegenSamples.geoLoan(named: "GeoLoan"),
      CodegenSamples.loanStore(loan: "NestedLoan"), CodegenSamples.paging,
      CodegenSamples.settings, CodegenSamples.keywords, CodegenSamples.dated, CodegenSamples.edgy,
      CodegenSamples.interleaved, CodegenSamples.optionalFirst,
      ModelDefinition(
        name: "SnakeLoan",
        fields: [
          ModelField(name: "loanAmount", type: .int),
          ModelField(name: "countryCode", type: .optional(.string)),
        ]),
    ]
    let root = ModelDefinition(
      name: "Everything",
      fields: parts.map { ModelField(name: "the" + $0.name, type: .optional(.model($0.name))) })
    return ModelLibrary(parts + [root])
  }()

  /// The models each main decodes, and with which options.
  static let mains: [(name: String, options: DecodingOptions)] = [
    ("Loan", DecodingOptions()), ("RenamedLoan", DecodingOptions()),
    ("NestedLoan", DecodingOptions()), ("GeoLoan", DecodingOptions()),
    ("LoanStore", DecodingOptions()), ("Settings", DecodingOptions()),
    ("Keywords", DecodingOptions()), ("Dated", DecodingOptions()), ("Edgy", DecodingOptions()),
    ("Interleaved", DecodingOptions()), ("OptionalFirst", DecodingOptions()),
    ("SnakeLoan", DecodingOptions(keyStrategy: .convertFromSnakeCase)),
    ("[Loan]", DecodingOptions(dateStrategy: .deferredToDate)),
  ]

  static let program = Result {
    try CompiledProgram.compile(
      models: SwiftCodeGenerator.source(
        for: "Everything", library: library, options: DecodingOptions()),
      mains: mains.map {
        ($0.name, SwiftCodeGenerator.mainSource(for: $0.name, options: $0.options))
      })
  }

  private func decode(_ json: String, as model: String) throws -> String {
    try Self.program.get().decode(json, as: model)
  }

  private static let john = #""name": "John Davis", "use": "To buy a cow""#

  @Test("A flat loan prints as Swift prints the struct")
  func flatLoan() throws {
    let json = #"{\#(Self.john), "country": "Paraguay", "amount": 150}"#
    #expect(
      try decode(json, as: "Loan")
        == #"Loan(name: "John Davis", country: "Paraguay", use: "To buy a cow", amount: 150)"#)
  }

  @Test(
    "Each kind of DecodingError prints one line with its JSON path",
    arguments: [
      (#"{"name": "J", "country": "P", "use": "U"}"#, "ERROR keyNotFound amount"),
      (#"{"name": "J", "country": "P", "use": "U", "amount": "150"}"#, "ERROR typeMismatch amount"),
      (#"{"name": "J", "country": "P", "use": "U", "amount": null}"#, "ERROR valueNotFound amount"),
      (#"{"name": "J", "country": "#, "ERROR dataCorrupted"),
    ])
  func errors(json: String, expected: String) throws {
    #expect(try decode(json, as: "Loan") == expected)
  }

  @Test("CodingKeys read loan_amount, and only loan_amount")
  func renamed() throws {
    let json = #"{\#(Self.john), "country": "Paraguay", "loan_amount": 150}"#
    #expect(
      try decode(json, as: "RenamedLoan")
        == #"RenamedLoan(name: "John Davis", country: "Paraguay", use: "To buy a cow", amount: 150)"#
    )
    let unrenamed = #"{\#(Self.john), "country": "Paraguay", "amount": 150}"#
    #expect(try decode(unrenamed, as: "RenamedLoan") == "ERROR keyNotFound loan_amount")
  }

  @Test("A nested container reads location; a missing town is nil, a missing country fails")
  func nested() throws {
    let full = #"""
      {\#(Self.john), "loan_amount": 150, "location": {"country": "Paraguay", "town": "Asunción"}}
      """#
    #expect(
      try decode(full, as: "NestedLoan") == #"""
        NestedLoan(name: "John Davis", country: "Paraguay", use: "To buy a cow", amount: 150, \#
        town: Optional("Asunción"))
        """#)
    let noTown = #"{\#(Self.john), "loan_amount": 150, "location": {"country": "Kenya"}}"#
    #expect(try decode(noTown, as: "NestedLoan").hasSuffix("town: nil)"))
    let noCountry = #"{\#(Self.john), "loan_amount": 150, "location": {"town": "Tiribe"}}"#
    #expect(try decode(noCountry, as: "NestedLoan") == "ERROR keyNotFound location.country")
    let noLocation = #"{\#(Self.john), "loan_amount": 150}"#
    #expect(try decode(noLocation, as: "NestedLoan") == "ERROR keyNotFound location")
  }

  @Test("Objects holding only optional or defaulted fields may be missing")
  func optionalNested() throws {
    #expect(
      try decode(#"{"name": "Bayan"}"#, as: "GeoLoan")
        == #"GeoLoan(name: "Bayan", town: nil, pairs: nil, level: "country")"#)
    #expect(
      try decode(#"{"name": "B", "location": {"town": "Hebron"}}"#, as: "GeoLoan")
        == #"GeoLoan(name: "B", town: Optional("Hebron"), pairs: nil, level: "country")"#)
    let geo = #"{"name": "B", "location": {"geo": {"pairs": "31 35", "level": "town"}}}"#
    #expect(
      try decode(geo, as: "GeoLoan")
        == #"GeoLoan(name: "B", town: nil, pairs: Optional("31 35"), level: "town")"#)
  }

  @Test("A null object holding only optional or defaulted fields counts as missing")
  func nullNested() throws {
    #expect(
      try decode(#"{"name": "B", "location": null}"#, as: "GeoLoan")
        == #"GeoLoan(name: "B", town: nil, pairs: nil, level: "country")"#)
    #expect(
      try decode(#"{"name": "B", "location": {"geo": null}}"#, as: "GeoLoan")
        == #"GeoLoan(name: "B", town: nil, pairs: nil, level: "country")"#)
  }

  @Test("A file that cannot be read is an error line too")
  func missingFile() throws {
    let output = try Self.program.get().decodeFile("/nonexistent/loan.json", as: "Loan")
    #expect(output.hasPrefix("ERROR "))
    #expect(!output.contains("\n"))
  }

  @Test("An error inside an array names the element: loans[2].location.country")
  func loanStore() throws {
    let loan = #"{\#(Self.john), "loan_amount": 150, "location": {"country": "Peru"}}"#
    let bad = #"{\#(Self.john), "loan_amount": 150, "location": {}}"#
    let paging = #""paging": {"page": 1, "total": 2, "page_size": 20, "pages": 1}"#
    let good = try decode(#"{"loans": [\#(loan)], \#(paging)}"#, as: "LoanStore")
    #expect(good.hasPrefix("LoanStore(loans: [GeneratedCode.NestedLoan(name: \"John Davis\""))
    #expect(
      good.hasSuffix(
        "paging: Optional(GeneratedCode.Paging(page: 1, total: 2, pageSize: 20, pages: 1)))"))
    #expect(try decode(#"{"loans": []}"#, as: "LoanStore") == "LoanStore(loans: [], paging: nil)")
    #expect(
      try decode(#"{"loans": [\#(loan), \#(loan), \#(bad)]}"#, as: "LoanStore")
        == "ERROR keyNotFound loans[2].location.country")
  }

  @Test("A top-level array decodes as [Loan]; its errors start with the index")
  func topLevelArray() throws {
    let loan = #"{\#(Self.john), "country": "Peru", "amount": 5}"#
    #expect(try decode("[\(loan), {}]", as: "[Loan]") == "ERROR keyNotFound [1].name")
    #expect(try decode("[]", as: "[Loan]") == "[]")
  }

  @Test("Defaults fill missing keys; keyword names decode")
  func defaults() throws {
    #expect(
      try decode(#"{"default": "d"}"#, as: "Settings")
        == #"Settings(count: 0, tags: [], title: "untitled", ratio: 1.5, done: false, default: "d", class: nil)"#
    )
    #expect(
      try decode(#"{"default": "d", "protocol": 2}"#, as: "Keywords")
        == #"Keywords(default: "d", protocol: 2)"#)
  }

  @Test("Dates decode with the ISO 8601 strategy the main file sets")
  func dates() throws {
    #expect(
      try decode(#"{"id": 1, "posted_date": "2012-06-12T20:30:03Z"}"#, as: "Dated")
        == "Dated(id: 1, postedDate: 2012-06-12 20:30:03 +0000)")
    // Foundation on Linux leaves the key out of this error's coding path.
    let badDate = try decode(#"{"id": 1, "posted_date": "June 12"}"#, as: "Dated")
    #expect(["ERROR dataCorrupted", "ERROR dataCorrupted posted_date"].contains(badDate))
  }

  @Test("convertFromSnakeCase maps loan_amount to loanAmount without CodingKeys")
  func snakeCase() throws {
    #expect(
      try decode(#"{"loan_amount": 5, "country_code": "PY"}"#, as: "SnakeLoan")
        == #"SnakeLoan(loanAmount: 5, countryCode: Optional("PY"))"#)
  }

  @Test("Awkward names compile and read the keys they name")
  func edgyNames() throws {
    let json = #"""
      {"geo_info": {"lat_long": "1 2"}, "2fa": 7, "my key": {"inner": 3},
       "first": {"shared": {"a": 1}}, "second": {"shared": {"b": 2}},
       "container": {"value": 5}, "default": {"default": "d"}}
      """#
    #expect(
      try decode(json, as: "Edgy") == #"""
        Edgy(geoInfo: Optional("1 2"), fa: 7, x: Optional(3), a: 1, b: 2, container: 5, \#
        default: "d")
        """#)
  }

  @Test(
    "Fields sharing a nested object fail in the model's order, as decode says",
    arguments: [
      (#"{"p": {"x": 1}}"#, "ERROR keyNotFound b", "error: 'b' is missing at the top level"),
      (
        #"{"p": {"x": 1, "y": 2}, "b": 1, "q": {"x": 1, "y": "s"}}"#, "ERROR keyNotFound e",
        "error: 'e' is missing at the top level"
      ),
    ])
  func interleaved(json: String, compiled: String, lab: String) throws {
    #expect(try decode(json, as: "Interleaved") == compiled)
    let run = ScriptRun([
      "model Interleaved { \(CodegenSamples.interleaved.fields.map(\.source).joined(separator: "; ")) }",
      "decode Interleaved \(json)",
    ])
    #expect(run.error.hasPrefix(lab))
  }

  @Test(
    "An optional field that opens its parent first fails there when the parent is missing",
    arguments: [
      ("{}", "ERROR keyNotFound a", "error: 'a' is missing at the top level"),
      (#"{"a": {"b": 1}}"#, "ERROR keyNotFound q", "error: 'q' is missing at the top level"),
      (
        #"{"a": {"b": 1}, "q": 2}"#, "OptionalFirst(y: nil, z: 2, x: 1)",
        "OptionalFirst(y: nil, z: 2, x: 1)"
      ),
    ])
  func optionalFirst(json: String, compiled: String, lab: String) throws {
    #expect(try decode(json, as: "OptionalFirst") == compiled)
    let run = ScriptRun([
      "model OptionalFirst { "
        + CodegenSamples.optionalFirst.fields.map(\.source).joined(separator: "; ") + " }",
      "decode OptionalFirst \(json)",
    ])
    #expect((run.error + run.standard).contains(lab))
  }
}
