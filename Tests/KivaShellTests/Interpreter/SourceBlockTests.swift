import Foundation
import Testing

@testable import KivaShell

/// A sourced script reads as a script kivash is given does: JSON over several lines is
/// one command, and an error names the line the command starts on.
@Suite("source: commands over several lines")
struct SourceBlockTests {
  @Test("a block over lines is one command; one left open fails at its first line")
  func blocks() throws {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("multi.kiva")
    try "model J { name: String }\ndecode J {\n  \"name\": \"x\"\n}\ncount\n".write(
      to: script, atomically: true, encoding: .utf8)
    let run = ScriptRun(["source \(script.path)"])
    #expect(run.error == "")
    #expect(run.standard.hasSuffix("J(name: \"x\")\n20 loans\n"))
    let open = directory.url.appendingPathComponent("open.kiva")
    try "count\ndecode FlatLoan {\n".write(to: open, atomically: true, encoding: .utf8)
    let failed = ScriptRun(["source \(open.path)"])
    // ScriptRun keeps going, so the sourced script does too, and fails once at its end.
    #expect(
      failed.error.hasSuffix(
        "\(open.path):2: '{' is never closed — add the matching '}'\n"
          + "error: 1 line of '\(open.path)' failed (reported above)\n"))
  }
}
