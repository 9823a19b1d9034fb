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

  @Test("a name that is neither compiled nor close to a model keeps 'define it'")
  func otherNames() {
    #expect(
      SwiftNames.unknownTypeMessage("Zebra", models: ["Paging"])
        == "unknown type 'Zebra' — define it with 'model Zebra { … }'")
  }
}
