import Foundation
import Testing

/// A command pasted over several lines is one history entry: up-arrow brings back the
/// whole of it, as one line that runs the same.
@Suite(.serialized)
struct MultiLineHistoryTests {
  @Test func aPastedModelIsOneEntryThatRunsAgain() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("model Paste {\r")
    try shell.terminal.expect("...> ")
    shell.terminal.send("  name: String  // the borrower\r")
    try shell.terminal.expect("...> ")
    shell.terminal.send("}\r")
    try shell.terminal.expect("defined model Paste (1 field)")
    try shell.terminal.expect("> ")
    shell.terminal.send("\u{1B}[A")
    try shell.terminal.expect("model Paste { name: String }")
    shell.terminal.send("\r")
    try shell.terminal.expect("model Paste (1 field)")
    try shell.terminal.expect("> ")
    try shell.quit()
    let saved = try String(contentsOf: shell.historyFile, encoding: .utf8)
    #expect(saved == "model Paste { name: String }\n")
  }
}
