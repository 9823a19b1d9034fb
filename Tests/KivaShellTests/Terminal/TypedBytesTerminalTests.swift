import Foundation
import Testing

/// Bytes that are not UTF-8, typed at the prompt (a terminal set to Latin-1): the line
/// shows them, and entering it is an error, as in a script; nothing is run or saved.
@Suite(.serialized)
struct TypedBytesTerminalTests {
  @Test func aLineWithALatin1ByteIsRefusedNotTruncated() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("category add Caf")
    // 0xE9 could start a three-byte character: the next key shows it is not one.
    shell.terminal.send(bytes: [0xE9])
    shell.terminal.send("\r")
    // The line shows where the byte was.
    try shell.terminal.expect("Caf\u{FFFD}")
    try shell.terminal.expect(
      "error: 'category add Caf\\xE9' is not UTF-8 text (byte 0xE9 at column 17)"
        + " — is the terminal set to UTF-8?")
    try shell.terminal.expect("> ")
    try shell.run("use categories")
    shell.terminal.send("list\r")
    try shell.terminal.expect("  8   Sports")
    try shell.terminal.expect("> ")
    #expect(!shell.terminal.text.contains("9   Caf"))
    #expect(!shell.terminal.text.contains("added category"))
    try shell.quit()
  }

  @Test func aBadByteDeletedBeforeEnterLeavesAGoodLine() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("count")
    shell.terminal.send(bytes: [0xFF, 0x7F])  // the bad byte, then Backspace
    shell.terminal.send("\r")
    try shell.terminal.expect("20 loans")
    try shell.terminal.expect("> ")
    try shell.quit()
  }
}
