import Foundation
import Glibc
import Testing

/// SIGINT and SIGTERM while a large file is decoded: a script stops with 130 or 143, the
/// prompt comes back with the loans unchanged. Every wait is on output, with a deadline.
@Suite("signals", .serialized)
struct SignalTests {
  static let timeLimit: Duration = .seconds(120)

  /// A generated Kiva response large enough that decoding it takes seconds (made once).
  static let largeFile: URL = {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-signal-loans-100000.json")
    if !FileManager.default.fileExists(atPath: file.path) {
      let generator = TestPaths.testsFolder.deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/gen-loans")
      _ = try? ProcessRunner.run(generator, ["100000", file.path])
    }
    return file
  }()

  @Test("Ctrl-C at the prompt during a fetch: back to the prompt, loans unchanged")
  func promptInterrupt() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("fetch \(Self.largeFile.path)\r")
    try shell.terminal.expect("\n")
    shell.terminal.send(bytes: [0x03])
    try shell.terminal.expect("error: interrupted — nothing was changed", timeout: Self.timeLimit)
    try shell.terminal.expect("> ")
    shell.terminal.send("count\r")
    try shell.terminal.expect("20 loans")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test("SIGTERM at the prompt ends the session with 143, the terminal restored")
  func promptTerminated() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("use landmarks")
    kill(shell.terminal.processID, SIGTERM)
    #expect(try shell.terminal.waitForExit() == 143)
    let history = try String(contentsOf: shell.historyFile, encoding: .utf8)
    #expect(history == "use landmarks\n")
  }
}
