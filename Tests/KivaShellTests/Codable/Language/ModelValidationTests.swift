import Testing

@testable import KivaShell

@Suite("Model language: validation against a library")
struct CodableModelValidationTests {
  /// A library holding a built-in `Loan` and a user's `Paging`.
  static let library = ModelLibrary([
    ModelDefinition(name: "Loan", fields: [ModelField(name: "name", type: .string)]),
    ModelDefinition(name: "Paging", fields: [ModelField(name: "page", type: .int)]),
  ])
  static let builtIns: Set<String> = ["Loan"]

  private func validate(_ source: String) throws {
    try Self.library.validate(try ModelParser.parse(source), builtInNames: Self.builtIns)
  }

  @Test(
    "valid definitions pass",
    arguments: [
      "model LoanStore { loans: [Loan]; paging: Paging? }",
      "model A { b: [B] }\nmodel B { a: A? }",
      "model Paging { page: Int; total: Int; pageSize: Int = page_size; pages: Int }",
      "model Tree { children: [Tree]; parent: [Tree]? }",
      "model Place { location: Paging; country: String = location.country; town: String? = location.town }",
      "model Geo { pairs: String = location.geo.pairs; level: String = origin.geo.level }",
      "model Renamed { firstName: String = \"first-name\"; open: Bool; type: String; id: Int = ID }",
      "model Empty {}",
    ])
  func valid(_ source: String) throws {
    try validate(source)
  }

  @Test(
    "invalid definitions get one line that says what to do",
    arguments: [
      (
        "model Loan { name: String }",
        "model 'Loan' is built in — choose another name, e.g. 'MyLoan'"
      ),
      (
        "model loan { name: String }",
        "model name 'loan' must start with an uppercase letter, e.g. 'Loan'"
      ),
      ("model Date { day: Int }", "model 'Date' would hide Swift's Date — choose another name"),
      (
        "model GeoKeys { pairs: String }",
        "model name 'GeoKeys' ends in 'Keys', which generated Swift keeps for its key enums "
          + "— choose another name"
      ),
      ("model A { x: Int }\nmodel A { y: Int }", "model 'A' is defined twice"),
      (
        "model A { default: String }",
        "'default' is a Swift keyword — call the field something else and map it: "
          + "defaultValue: String = default"
      ),
      (
        "model A { class: [String] = kind.class }",
        "'class' is a Swift keyword — call the field something else and map it: "
          + "classValue: [String] = kind.class"
      ),
      ("model A { x: Int; x: String }", "field 'x' appears twice in model 'A'"),
      (
        "model A { amount: Int = loan_amount; loanAmount: Int = loan_amount }",
        "fields 'amount' and 'loanAmount' of model 'A' both read 'loan_amount' — read it once"
      ),
      ("model A { name: Strng }", "unknown type 'Strng' — did you mean 'String'? (field 'name')"),
      ("model A { n: Integer }", "unknown type 'Integer' — did you mean 'Int'? (field 'n')"),
      ("model A { p: [Pagng]? }", "unknown type 'Pagng' — did you mean 'Paging'? (field 'p')"),
      (
        "model A { p: Zebra }",
        "unknown type 'Zebra' — define it with 'model Zebra { … }' (field 'p')"
      ),
      (
        "model A { b: B }\nmodel B { a: A? }",
        "model 'A' contains itself (A.b → B.a) — a Swift struct can't; hold it in an array "
          + "instead, e.g. [A]"
      ),
      (
        "model A { place: String = location; country: String = location.country }",
        "in model 'A', key \"location\" would be both .place and .location of CodingKeys — "
          + "give the fields that read it the same name, or read it once"
      ),
      (
        "model A { location: String = loc; country: String = location.country }",
        "in model 'A', .location of CodingKeys would stand for both \"loc\" and \"location\" — "
          + "rename the field 'location'"
      ),
      (
        // No field is named aB: the two keys read through make that one name.
        "model A { p: Int = a_b.c; q: Int = aB.d }",
        "in model 'A', .aB of CodingKeys would stand for both \"a_b\" and \"aB\" — both keys "
          + "make that Swift name: read the object under one of them through a model of its "
          + "own (a field of that model's type)"
      ),
    ])
  func invalid(_ source: String, _ message: String) {
    #expect(throws: ModelValidationError(message: message)) { try validate(source) }
  }

  @Test("definitions built in code get the checks the parser would have made")
  func programmaticDefinitions() {
    let cases: [(ModelField, String)] = [
      (
        ModelField(name: "x", type: .optional(.optional(.int))),
        "type 'Int??' of field 'x' is optional twice — one '?' is enough"
      ),
      (
        ModelField(name: "x", type: .int, defaultValue: .string("a")),
        #"default '"a"' does not fit type Int (field 'x' of model 'A')"#
      ),
      (ModelField(name: "x", type: .int, keyPath: []), "field 'x' of model 'A' has no key to read"),
      (
        ModelField(name: "first-name", type: .int),
        "field name 'first-name' in model 'A' is not a Swift name"
      ),
    ]
    for (field, message) in cases {
      #expect(throws: ModelValidationError(message: message)) {
        try Self.library.validate(
          [ModelDefinition(name: "A", fields: [field])], builtInNames: Self.builtIns)
      }
    }
  }

  @Test("a user's model may be redefined; the new definition is the one checked")
  func redefinition() throws {
    try validate("model Paging { page: Int; next: [Paging] }")
    #expect(throws: ModelValidationError.self) {
      try validate("model Paging { page: Int; next: Paging? }")
    }
  }
}
