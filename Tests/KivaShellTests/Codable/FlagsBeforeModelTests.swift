import Testing

@testable import KivaShell

/// `decode` and `codegen` take their flags before the model as well as after it, as most
/// command-line tools take flags wherever they stand.
@Suite("lab flags before the model")
struct FlagsBeforeModelTests {
  static let json = #"{"name": "Ana", "country": "Peru", "use": "seeds", "amount": 150}"#

  @Test(
    "a flag before the model reads as the same flag after it",
    arguments: [
      ("decode --trace FlatLoan \(json)", "decode FlatLoan --trace \(json)"),
      ("decode --snake-case FlatLoan \(json)", "decode FlatLoan --snake-case \(json)"),
      ("decode --manual FlatLoan \(json)", "decode FlatLoan --manual \(json)"),
      (
        "decode --trace FlatLoan --dates seconds \(json)",
        "decode FlatLoan --dates seconds --trace \(json)"
      ),
      (
        "codegen --snake-case --dates seconds NestedLoan",
        "codegen NestedLoan --dates seconds --snake-case"
      ),
    ])
  func sameAsAfter(before: String, after: String) {
    let first = ScriptRun([before])
    let second = ScriptRun([after])
    #expect(first.status == 0, "\(first.error)")
    #expect(!first.standard.isEmpty)
    #expect(first.standard == second.standard)
    #expect(first.error == second.error)
  }

  @Test("flags alone are no model, and a bad flag before it is named")
  func errors() {
    #expect(
      ScriptRun(["decode --trace"]).error
        == "error: 'decode' needs a model and JSON — e.g. 'decode FlatLoan {\"name\": \"John\","
        + " \"country\": \"Kenya\", \"use\": \"stock\", \"amount\": 150}'\n")
    #expect(
      ScriptRun(["decode --dates"]).error
        == "error: 'decode --dates' needs iso8601, seconds or deferred — e.g."
        + " 'decode MODEL --dates seconds @sample.json'\n")
    #expect(
      ScriptRun(["codegen --tracee NestedLoan"]).error
        == "error: 'codegen' has no '--tracee' — try one of: --snake-case, --dates\n")
  }
}
