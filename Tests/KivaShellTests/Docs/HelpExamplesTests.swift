import Testing

@testable import KivaShell

/// The examples `help COMMAND` shows run on the built-in data, in order, in a fresh
/// session: someone trying them (a class following a teacher) meets no error. Examples
/// that need a file or the network are left out.
@Suite("help: the examples run")
struct HelpExamplesTests {
  /// What an example needs that a fresh session does not have.
  static func needsMore(_ example: String) -> Bool {
    ["@", ".json", ".csv", ".txt", ".kiva", "://", "--live", "source "].contains {
      example.contains($0)
    }
  }

  @Test("each command's examples run without an error", arguments: CommandRegistry.names)
  func examplesRun(_ name: String) throws {
    let command = try #require(CommandRegistry.command(named: name))
    let shell = Shell(session: .withBuiltInData(), output: Output(sink: CapturingSink()))
    for example in command.spec.examples where !Self.needsMore(example) {
      do {
        try shell.execute(line: example)
      } catch {
        Issue.record("help \(name): '\(example)' failed: \(error.message)")
      }
    }
  }
}
