import Foundation
import Testing

/// Ctrl-C while a long list is written: straight to the terminal, or through a pager that
/// Ctrl-C ends (`cat`). The list stops, and the prompt comes back on a line of its own. Every wait is on output: kivash writes until
/// the terminal is full, and the test stops reading once the first rows are there, so the
/// Ctrl-C always finds the list still being written.
@Suite(.serialized)
struct InterruptedListTests {
  /// A loans file of `count` loans: the built-in snapshot's 20, over and over, with ids
  /// of their own (repeated ids would be dropped).
  static func loansFile(_ count: Int, in directory: URL) throws -> String {
    let fixture = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.fixture("newest-2012-06-12.json")))
    guard var response = try JSONSerialization.jsonObject(with: fixture) as? [String: Any],
      let loans = response["loans"] as? [[String: Any]]
    else { throw PseudoTerminal.Failure(description: "the fixture has no loans") }
    response["loans"] = (0..<count).map { index in
      var loan = loans[index % loans.count]
      loan["id"] = 10_000_000 + index
      return loan
    }
    let path = directory.appendingPathComponent("many-loans.json")
    try JSONSerialization.data(withJSONObject: response).write(to: path)
    return path.path
  }

  @Test(arguments: ["", "cat"])
  func controlCStopsALongListAndThePromptStartsALine(pager: String) throws {
    let shell = try KivashSession(rows: 12, environment: ["PAGER": pager])
    try shell.start()
    try shell.run("fetch \(try Self.loansFile(10_000, in: shell.directory))")
    shell.terminal.send("list all\r")
    try shell.terminal.expect("\n    100 ")
    shell.terminal.send(bytes: [0x03])
    try shell.terminal.expect("^C")
    try shell.terminal.expect("error: interrupted — nothing was changed")
    try shell.terminal.expect("loans> ")
    // After the ^C the terminal echoed, mid-row: the error and the prompt on lines of their
    // own, and no more rows.
    let afterControlC = shell.terminal.text.components(separatedBy: "^C").last ?? ""
    #expect(
      afterControlC == "\r\nerror: interrupted — nothing was changed\r\nloans> ",
      "\(afterControlC.debugDescription)")
    #expect(!shell.terminal.text.contains("\n  10000 "), "the list went on to its end")
    shell.terminal.send("count\r")
    try shell.terminal.expect("10000 loans")
    try shell.terminal.expect("loans> ")
    try shell.quit()
  }
}
