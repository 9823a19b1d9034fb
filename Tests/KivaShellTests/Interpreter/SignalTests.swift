import Foundation
import Glibc
import Testing

/// SIGINT and SIGTERM at the prompt: Ctrl-C during a fetch brings the prompt back with
/// the loans unchanged; SIGTERM ends the session. Every wait is on output or on the
/// fetch's own open of a FIFO, with a deadline.
@Suite("signals", .serialized)
struct SignalTests {
  static let timeLimit: Duration = .seconds(120)

  @Test("Ctrl-C at the prompt during a fetch: back to the prompt, loans unchanged")
  func promptInterrupt() throws {
    let shell = try KivashSession()
    try shell.start()
    // The fetch reads a FIFO: it is under way once the test's open of the FIFO returns.
    let fifo = shell.directory.appendingPathComponent("loans.json").path
    guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(.EIO) }
    shell.terminal.send("fetch \(fifo)\r")
    let writer = open(fifo, O_WRONLY)
    defer { if writer >= 0 { close(writer) } }
    shell.terminal.send(bytes: [0x03])
    try shell.terminal.expect("error: interrupted — nothing was changed", timeout: Self.timeLimit)
    try shell.terminal.expect("> ")
    shell.terminal.send("count\r")
    try shell.terminal.expect("20 loans")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test(
    "SIGTERM (143) or SIGHUP (129) at the prompt ends the session, echo and line mode back",
    arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func promptEnded(signal: Int32, status: Int32) throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("use landmarks")
    // At the prompt the terminal is in libedit's mode: no echo, no line mode.
    let editing = try #require(shell.terminal.localModes)
    #expect(editing & tcflag_t(ECHO) == 0)
    kill(shell.terminal.processID, signal)
    #expect(try shell.terminal.waitForExit() == status)
    let history = try String(contentsOf: shell.historyFile, encoding: .utf8)
    #expect(history == "use landmarks\n")
    let modes = try #require(shell.terminal.localModes)
    #expect(modes & tcflag_t(ECHO) != 0 && modes & tcflag_t(ICANON) != 0)
  }

  @Test("a terminal that closes ends the session as SIGHUP does, with 129")
  func terminalClosed() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("use landmarks")
    shell.terminal.hangUp()
    #expect(try shell.terminal.waitForExit() == 129)
    let history = try String(contentsOf: shell.historyFile, encoding: .utf8)
    #expect(history == "use landmarks\n")
  }
}
