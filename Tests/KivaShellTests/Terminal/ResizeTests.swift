import Foundation
import Testing

@testable import KivaShell

/// The terminal resized while a long list is being written: the list goes on to its
/// end, the shell keeps working. The test stops reading after the first rows, so kivash
/// is blocked writing (the terminal's buffer is full) when the resize comes.
@Suite(.serialized)
struct ResizeTests {
  @Test func resizingDuringALongListLosesNothing() throws {
    let shell = try KivashSession(environment: ["PAGER": ""])
    let file = shell.directory.appendingPathComponent("loans.json")
    let snapshot = try FastJSONFixtureTests.fixture("newest-2012-06-12.json")
    try FastJSONKivaData.response(loans: 3_000, snapshot: snapshot).write(to: file)
    try shell.start()
    try shell.run("fetch \(file.path)")
    shell.terminal.send("list all\r")
    try shell.terminal.expect("\n   100  ")
    shell.terminal.resize(columns: 60, rows: 20)
    try shell.terminal.expect("\n  3000  ")
    try shell.terminal.expect("> ")
    shell.terminal.send("count\r")
    try shell.terminal.expect("3000 loans")
    try shell.terminal.expect("> ")
    // The next list fits the new width: 60 columns, the use cut shorter.
    shell.terminal.send("list 1\r")
    try shell.terminal.expect(/1   Pheap[^\r\n]{20,45}\$100/, describedAs: "a row of 60 columns")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  /// `set` says the width is automatic, and what it measures now.
  @Test func setShowsTheAutomaticWidthAsTheTerminalHasIt() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("set\r")
    try shell.terminal.expect("width    auto (100)\r\n")
    try shell.terminal.expect("> ")
    shell.terminal.resize(columns: 72, rows: 20)
    shell.terminal.send("set\r")
    try shell.terminal.expect("width    auto (72)\r\n")
    try shell.terminal.expect("> ")
    shell.terminal.send("set width 60\r")
    try shell.terminal.expect("width    60\r\n")
    try shell.terminal.expect("> ")
    try shell.quit()
  }
}
