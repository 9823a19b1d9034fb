import Foundation
import Testing

/// Keys at the prompt as a person presses them: Ctrl-C over a `;` line, Ctrl-D at
/// `...>`, Ctrl-\, Ctrl-arrows; a caret under wide characters; a secret over lines.
@Suite(.serialized)
struct PromptKeysTests {
  @Test func controlCAbandonsTheRestOfTheLine() throws {
    let server = try TestHTTPServer()
    let shell = try KivashSession()
    try shell.start()
    let slow = server.url("/slow?delay=3600").absoluteString
    shell.terminal.send("count; fetch \(slow) --pages 2 --timeout 3600; filter max 500\r")
    try shell.terminal.expect("20 loans")
    try shell.terminal.expect("0/2 pages")
    shell.terminal.send(bytes: [0x03])
    try shell.terminal.expect("> ")
    // Had 'filter max 500' run after the cancelled fetch, 5 loans would be in view.
    shell.terminal.send("count\r")
    try shell.terminal.expect("20 loans")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test func controlDAtAContinuationPromptDropsTheCommand() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("decode FlatLoan {\r")
    try shell.terminal.expect("...> ")
    shell.terminal.send(bytes: [0x04])
    try shell.terminal.expect("loans> ")
    try shell.run("count")
    try shell.quit()
    let saved = try String(contentsOf: shell.historyFile, encoding: .utf8)
    #expect(saved == "count\n")
  }

  @Test func aCommandOverLinesStartingWithASpaceStaysOutOfHistory() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send(" model Secret {\r")
    try shell.terminal.expect("...> ")
    shell.terminal.send("token: String\r")
    try shell.terminal.expect("...> ")
    shell.terminal.send("}\r")
    try shell.terminal.expect("defined model Secret")
    try shell.terminal.expect("> ")
    try shell.run("count")
    try shell.quit()
    let saved = try String(contentsOf: shell.historyFile, encoding: .utf8)
    #expect(saved == "count\n")
  }

  @Test func controlArrowsMoveByAWordAndControlBackslashIsIgnored() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("search alpha beta")
    try shell.terminal.expect("beta")
    // xterm's Ctrl-Left: were it unbound, ';5D' would end up in the line.
    shell.terminal.send("\u{1B}[1;5DX\r")
    try shell.terminal.expect(#"matching "alpha Xbeta""#)
    try shell.terminal.expect("> ")
    shell.terminal.send(bytes: [0x1C])
    try shell.run("count")
    try shell.quit()
  }

  @Test func keysWithNoUseHerePutNothingIntoTheLine() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("search alpha")
    try shell.terminal.expect("alpha")
    // Page Up, Page Down, Insert, F1, F5, Ctrl-Up: nothing. Shift-Left moves a
    // character (X goes before the last a); Ctrl-Delete deletes the next word (beta).
    for key in ["[5~", "[6~", "[2~", "OP", "[15~", "[1;5A"] {
      shell.terminal.send("\u{1B}" + key)
    }
    shell.terminal.send("\u{1B}[1;2DX beta gamma")
    shell.terminal.send("\u{1B}[1;5D\u{1B}[1;5D\u{1B}[3;5~\r")
    try shell.terminal.expect(#"matching "alphX gammaa""#)
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test func anArrowAfterControlRKeepsTheLineFoundAndMoves() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("search kenya")
    try shell.run("count")
    // ^R finds 'search kenya', the cursor on the match; → accepts it and moves right
    // (libedit alone put '[C' in the line), ← back onto the match; X goes before it.
    shell.terminal.send("\u{12}ken")
    try shell.terminal.expect("search kenya")
    shell.terminal.send("\u{1B}[C\u{1B}[DX\r")
    try shell.terminal.expect(#"matching "Xkenya""#)
    try shell.terminal.expect("> ")
    try shell.quit()
    let saved = try String(contentsOf: shell.historyFile, encoding: .utf8)
    #expect(saved == "search kenya\ncount\nsearch Xkenya\n")
  }

  /// Alt-x does not open libedit's own ':' command line: what follows is typed as ever.
  @Test func altXIsNoCommandLine() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send(bytes: [0x1B, UInt8(ascii: "x")])
    shell.terminal.send("count\r")
    try shell.terminal.expect("20 loans")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test func theCaretUnderAnErrorCountsColumnsNotCharacters() throws {
    let shell = try KivashSession()
    try shell.start()
    // 'loans> cat add 東京 ' is 20 columns: the two wide characters take two each.
    shell.terminal.send("cat add 東京 Bad!\r")
    try shell.terminal.expect("\n" + String(repeating: " ", count: 20) + "^~~~")
    try shell.terminal.expect("'Bad!' is not an SF Symbol name")
    try shell.terminal.expect("> ")
    try shell.quit()
  }
}
