import Foundation
import Testing

@testable import KivaShell

/// Long lists at a terminal go through `$PAGER`; short ones, and pipes, do not.
@Suite(.serialized)
struct PagerTests {
  @Test func aListTallerThanTheTerminalGoesThroughThePager() throws {
    let shell = try KivashSession(rows: 12, environment: ["PAGER": "sed s/^/paged:/"])
    try shell.start()
    shell.terminal.send("list all\r")
    try shell.terminal.expect("paged:   #   name")
    try shell.terminal.expect("paged:  20   Ivan")
    try shell.terminal.expect("> ")
    // Three rows fit: no pager.
    shell.terminal.send("list 3\r")
    try shell.terminal.expect("\n  3   Tamaz")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test func aPagerThatFailsLosesNothing() throws {
    let shell = try KivashSession(rows: 12, environment: ["PAGER": "false"])
    try shell.start()
    shell.terminal.send("list all\r")
    try shell.terminal.expect(
      "warning: the pager 'false' failed (exit status 1); 'PAGER= kivash' turns paging off")
    try shell.terminal.expect("\n  20   Ivan")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  /// Ctrl-C ends `more` by SIGINT, and `less -K` with status 2: the user quit, nothing
  /// to show again.
  @Test(arguments: ["kill -INT $$", "cat >/dev/null; exit 2"])
  func aPagerTheUserInterruptsIsNotAFailure(pager: String) throws {
    let shell = try KivashSession(rows: 12, environment: ["PAGER": pager])
    try shell.start()
    shell.terminal.send("list all\r")
    try shell.terminal.expect("> ")
    shell.terminal.send("count\r")
    try shell.terminal.expect("20 loans")
    try shell.terminal.expect("> ")
    #expect(!shell.terminal.text.contains("warning"))
    #expect(!shell.terminal.text.contains("20   Ivan"))
    try shell.quit()
  }

  /// Help, a lesson, history, generated code and a map are read whole, as a list is.
  @Test func helpTallerThanTheTerminalGoesThroughThePager() throws {
    let shell = try KivashSession(rows: 12, environment: ["PAGER": "sed s/^/paged:/"])
    try shell.start()
    shell.terminal.send("help\r")
    try shell.terminal.expect("paged:commands:")
    try shell.terminal.expect("> ")
    shell.terminal.send("codegen LoanStore\r")
    try shell.terminal.expect("paged:import Foundation")
    try shell.terminal.expect("> ")
    // What fits is not paged.
    shell.terminal.send("history 2\r")
    try shell.terminal.expect("\n  2  codegen LoanStore")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  /// A script writing into a terminal (CI that allocates one) must not wait in a pager.
  @Test func aScriptIsNotPagedEvenIntoATerminal() throws {
    let shell = try KivashSession(
      rows: 12, environment: ["PAGER": "sed s/^/paged:/"], arguments: ["-c", "list all"])
    try shell.terminal.expect("\n  20   Ivan")
    #expect(try shell.terminal.waitForExit() == 0)
    #expect(!shell.terminal.text.contains("paged:"))
  }

  @Test func aDumbTerminalGetsNoDefaultPager() {
    #expect(Pager.command(environment: ["TERM": "dumb", "PATH": "/usr/bin:/bin"]) == nil)
    #expect(Pager.command(environment: ["TERM": "dumb", "PAGER": "cat"]) == "cat")
    #expect(Pager.missingProgram(environment: ["TERM": "dumb"]) == nil)
  }

  @Test func anEmptyPagerTurnsPagingOff() throws {
    let shell = try KivashSession(rows: 12, environment: ["PAGER": ""])
    try shell.start()
    shell.terminal.send("list all\r")
    try shell.terminal.expect("\n  20   Ivan")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test func aPagerThatIsNotInstalledIsSaidOnceAndTheListFollows() throws {
    let shell = try KivashSession(rows: 12, environment: ["PAGER": "no-such-pager -R"])
    try shell.start()
    shell.terminal.send("list all\r")
    try shell.terminal.expect(
      "warning: the pager 'no-such-pager' ($PAGER) is not installed; lists are not paged")
    try shell.terminal.expect("\n  20   Ivan")
    try shell.terminal.expect("> ")
    shell.terminal.send("list all\r")
    try shell.terminal.expect("\n  20   Ivan")
    try shell.terminal.expect("> ")
    #expect(shell.terminal.text.components(separatedBy: "is not installed").count == 2)
    #expect(Pager.missingProgram(environment: ["PAGER": "no-such-pager -R"]) == "no-such-pager")
    for pager in [nil, "", "cat", "/bin/cat -u"] {
      #expect(Pager.missingProgram(environment: ["PAGER": pager].compactMapValues { $0 }) == nil)
    }
    try shell.quit()
  }
}
