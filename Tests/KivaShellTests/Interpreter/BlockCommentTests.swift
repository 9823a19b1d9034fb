import Foundation
import Testing

@testable import KivaShell

/// `#` starts a comment inside a `{…}` block too (outside its strings), as everywhere in
/// the command language; an error on a later line of a block names that line.
@Suite("Comments and line numbers in blocks")
struct BlockCommentTests {
  /// Runs `lines` as the script `demo.kiva`, past errors; returns both streams.
  private func run(_ lines: [String]) -> (output: String, error: String) {
    let sink = CapturingSink()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: sink),
      options: Shell.Options(keepGoing: true, sourceName: "demo.kiva"))
    _ = shell.run(reader: ArrayLineReader(lines))
    return (sink.standard, sink.error)
  }

  @Test("a comment in a model's braces, on any line, is ignored")
  func modelComments() {
    let run = run([
      "model ML {  # a loan {", "  name: String", "  amount: Int = loan_amount  # API key }", "}",
      "model ML",
    ])
    #expect(run.error == "")
    #expect(
      run.output
        == "defined model ML (2 fields) — 'codegen ML' shows its Swift\n"
        + "model ML { name: String; amount: Int = loan_amount }\n")
  }

  @Test("a comment in a JSON block is ignored; a '#' in a JSON string is data")
  func jsonComments() {
    let run = run([
      #"decode FlatLoan {  # one loan"#, #"  "name": "A#1", "country": "K",  # "quoted" }"#,
      #"  "use": "u", "amount": 5}"#,
    ])
    #expect(run.error == "")
    #expect(run.output == "FlatLoan(name: \"A#1\", country: \"K\", use: \"u\", amount: 5)\n")
  }

  @Test("a mistake on a block's third line is said at that line")
  func lineOfTheMistake() {
    let missing = run([
      "count", "model ML {", "  name: String", "  amount Int = loan_amount", "}", "count",
    ])
    #expect(missing.error == "error: demo.kiva:4: expected ':' after field 'amount', found 'Int'\n")
    let typo = run(["model ML {", "  name: String", "  amount: Int = loan_amount  $", "}"])
    #expect(typo.error == "error: demo.kiva:3: unexpected character '$'\n")
  }

  @Test("a field the library refuses is said at its own line")
  func lineOfARefusedField() {
    let unknown = run(["model ML {", "  name: String", "  amount: Intt = loan_amount", "}"])
    #expect(
      unknown.error
        == "error: demo.kiva:3: unknown type 'Intt' — did you mean 'Int'? (field 'amount')\n")
    let twice = run(["model M2 {", "  a: Int", "  b: String", "  a: Int", "}"])
    #expect(twice.error == "error: demo.kiva:4: field 'a' appears twice in model 'M2'\n")
    let shared = run(["model M3 {", "  x: Int", "", "  y: Int = x  # y: too", "}"])
    #expect(
      shared.error
        == "error: demo.kiva:4: fields 'x' and 'y' of model 'M3' both read 'x' — read it once\n")
  }

  @Test("a sourced script names the line of a mistake inside a block")
  func sourcedLine() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-block-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("s.kiva")
    try Data("# models\nmodel M {  # one\n  a: Int\n  b Int\n}\n".utf8).write(to: script)
    let run = run(["source \(script.path)"])
    #expect(run.error.contains("\(script.path):4: expected ':' after field 'b'"))
  }
}
