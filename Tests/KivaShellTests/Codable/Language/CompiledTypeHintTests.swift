import Testing

@testable import KivaShell

/// A model cannot use a Swift type compiled into kivash, nor take its name: the hint for
/// one used as a field's type must be something kivash then accepts.
@Suite("A compiled Swift type used in a model: a hint that works")
struct CompiledTypeHintTests {
  @Test(
    "each compiled type: not a model, define one under another name",
    arguments: ["Landmark", "Restaurant", "Category"])
  func compiledType(_ name: String) {
    let run = ScriptRun(["model Ls { items: [\(name)] }"])
    #expect(
      run.error
        == "error: unknown type '\(name)' — '\(name)' is a Swift type compiled into kivash, "
        + "which models cannot use: define a model under another name, e.g. "
        + "'model My\(name) { … }', and use that (field 'items')\n")
  }

  @Test("Loan: the tutorial's NestedLoan first, not a did-you-mean for LoanStore")
  func loan() {
    let run = ScriptRun(["model Page { loans: [Loan] }"])
    #expect(
      run.error
        == "error: unknown type 'Loan' — 'Loan' is a Swift type compiled into kivash, which "
        + "models cannot use: use the tutorial's NestedLoan, or define a model under another "
        + "name, e.g. 'model MyLoan { … }', and use that (field 'loans')\n")
  }

  @Test("a compiled type whose My… name is taken: the hint names one still free")
  func myNameTaken() {
    let run = ScriptRun(["model MyLandmark { a: Int }", "model Ls { items: [Landmark] }"])
    #expect(
      run.error
        == "error: unknown type 'Landmark' — 'Landmark' is a Swift type compiled into kivash, "
        + "which models cannot use: define a model under another name, e.g. "
        + "'model LandmarkModel { … }', and use that (field 'items')\n")
  }

  @Test("following the hint works: the model is defined, used and decodes")
  func followingTheHint() {
    let run = ScriptRun([
      "model MyLandmark { name: String }", "model Ls { items: [MyLandmark] }",
      #"decode Ls {"items": [{"name": "Turtle Rock"}]}"#,
      "model Page { loans: [NestedLoan] }",
      #"decode Page {"loans": [{"name": "a", "use": "u", "loan_amount": 5, "#
        + #""location": {"country": "Kenya"}}]}"#,
    ])
    #expect(run.error.isEmpty)
    #expect(run.standard.contains(#"Ls(items: [main.MyLandmark(name: "Turtle Rock")])"#))
    #expect(run.standard.contains(#"Page(loans: [main.NestedLoan(name: "a", country: "Kenya""#))
  }

  @Test("a name Swift keeps: not 'define it' with a name model refuses, but another name")
  func reservedName() {
    let run = ScriptRun(["model Foo { x: Decoder }"])
    #expect(
      run.error
        == "error: unknown type 'Decoder' — a model cannot take the name 'Decoder', which would "
        + "hide Swift's Decoder: define a model under another name, e.g. 'model MyDecoder { … }', "
        + "and use that (field 'x')\n")
    #expect(
      SwiftNames.unknownTypeMessage("Array", models: [])
        == "unknown type 'Array' — a model cannot take the name 'Array', which would hide "
        + "Swift's Array: write an array as [Element], e.g. [String]")
  }

  @Test("a name ending in Keys: another name that does not")
  func keysName() {
    let run = ScriptRun(["model Foo { x: [LoanKeys]? }"])
    #expect(
      run.error
        == "error: unknown type 'LoanKeys' — a model's name cannot end in 'Keys', which "
        + "generated Swift keeps for its key enums: define a model under another name, e.g. "
        + "'model LoanKeysModel { … }', and use that (field 'x')\n")
  }

  @Test("every name a hint offers is one model accepts, and the hint never offers a refused one")
  func hintsAreAccepted() throws {
    for name in SwiftNames.reservedTypeNames.sorted() + ["LoanKeys", "CodingKeys", "Keys"]
    where SwiftNames.isModelName(name) {
      let message = SwiftNames.unknownTypeMessage(name, models: ["MyDecoder"])
      #expect(!message.contains("define it with"), "\(message)")
      guard let start = message.range(of: "'model "), let end = message.range(of: " { … }'")
      else { continue }
      let offered = String(message[start.upperBound..<end.lowerBound])
      #expect(offered != "MyDecoder", "\(message)")
      let run = ScriptRun(["model \(offered) { a: Int }", "model Foo { x: \(offered) }"])
      #expect(run.error.isEmpty, "\(name): \(run.error)")
    }
  }

  @Test("a name that is neither compiled nor close to a model keeps 'define it'")
  func otherNames() {
    #expect(
      SwiftNames.unknownTypeMessage("Zebra", models: ["Paging"])
        == "unknown type 'Zebra' — define it with 'model Zebra { … }'")
  }
}
