import Testing

@testable import KivaShell

/// A history file that cannot take a command is said at that command, not the next.
@Suite("Warnings about history")
struct PendingWarningTests {
  /// Lines from an array, kept in a history that fails on its first line.
  private final class FailingHistoryReader: LineReader {
    var lines: [String]
    var failed = false
    var warning: String?

    init(_ lines: [String]) { self.lines = lines }

    func readLine(prompt: String) -> LineReadResult {
      lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
    }

    /// The first command fails to be written, as `CommandHistory.record` fails.
    func recordInHistory(_ command: String) {
      guard !failed else { return }
      failed = true
      warning = "cannot write history file h: disk full"
    }

    /// The warning, once, as `CommandHistory.takeWarning` hands it out.
    func takeWarning() -> String? {
      defer { warning = nil }
      return warning
    }
  }

  @Test("the warning comes before the output of the command it failed on")
  func warningOnTime() {
    let sink = CapturingSink()
    let shell = Shell(
      session: SampleLoans.session, output: Output(sink: sink),
      options: Shell.Options(interactive: true))
    let reader = FailingHistoryReader(["count", "list 1"])
    shell.pendingWarning = { reader.takeWarning() }
    _ = shell.run(reader: reader)
    let warning = "warning: cannot write history file h: disk full\n"
    #expect(sink.combined.hasPrefix(warning + "5 loans\n"), "\(sink.combined)")
    #expect(sink.combined.components(separatedBy: "warning:").count == 2)
  }
}
