import Testing

@testable import KivaShell

/// A did-you-mean never proposes a key another field of the model reads: the model would
/// be refused. It says why the near key is not proposed instead.
@Suite("Did-you-mean skips keys other fields read")
struct TakenKeyTests {
  /// The notes `decode` prints after the summary for `json` decoded as `model`.
  private func notes(_ model: String, _ json: String, flags: String = "") -> [String] {
    Array(
      ScriptRun([model, "decode M\(flags) \(json)"]).error
        .split(separator: "\n").map(String.init).dropFirst())
  }

  @Test("a key another field reads is not proposed, and the note says which field")
  func readByAnother() {
    #expect(
      notes("model M { name: String; title: String = nam }", #"{"name": "x"}"#) == [
        "  in Swift: DecodingError.keyNotFound at the top level",
        "  path: nam",
        "  JSON key: 'nam' (the property is 'title')",
        "  keys there: name",
        "  not 'name': the field 'name' reads it already, and a model reads each key once",
        "  fix: if 'nam' may be absent, make the property optional: var title: String? "
          + "(decodeIfPresent gives nil)",
      ])
  }

  @Test("a key another field reads through is not proposed either")
  func readThrough() {
    #expect(
      notes(
        "model M { country: String = location.country; locaton: String }",
        #"{"location": {"country": "x"}}"#
      ).contains(
        "  not 'location': the field 'country' reads through it, and a model reads each key once"
      ))
  }

  @Test("a missing key fields read through: the key is checked for all of them")
  func missingIntermediateKey() {
    #expect(
      notes(
        "model M { c: String = locaton.country; loc: String = location }", #"{"location": "x"}"#
      )
      .contains(
        "  not 'location': the field 'loc' reads it already, and a model reads each key once"))
    #expect(
      notes(
        "model M { c: String = locaton.country; d: String = location.x }",
        #"{"location": {"x": "x", "country": "k"}}"#
      ).contains("  keys there: location — did you mean 'location'?"))
  }

  @Test("with .convertFromSnakeCase, the converted key is the one compared")
  func snakeCase() {
    let lines = notes(
      "model M { loanAmount: Int; total: Int = loanAmnt }", #"{"loan_amount": 1}"#,
      flags: " --snake-case")
    #expect(lines.contains("  keys there: loan_amount"))
    #expect(
      lines.contains(
        "  not 'loan_amount': the field 'loanAmount' reads it already, and a model reads each "
          + "key once"))
    #expect(!lines.contains { $0.contains("case total") })
  }

  @Test("a free key is still proposed")
  func freeKey() {
    #expect(
      notes("model M { title: String = nam }", #"{"name": "x"}"#).contains(
        "  fix: add or correct the CodingKeys case: case title = \"name\""))
  }
}
