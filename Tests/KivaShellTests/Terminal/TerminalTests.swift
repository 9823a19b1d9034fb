import Foundation
import Testing

/// The real `kivash` binary on a pseudo-terminal: line editing, completion, history, Ctrl-C
/// and Ctrl-D as a user meets them.
@Suite(.serialized)
struct TerminalTests {
  /// Matches what `count` prints, e.g. `20 loans`.
  static var countOutput: Regex<Substring> { /\d+ loans?/ }

  @Test func tabCompletesAnAccentedNameFromAFetchedFile() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("fetch \(TestPaths.fixture("mareme-loans.json"))")
    shell.terminal.send("search mare")
    try shell.terminal.expect("search mare")
    shell.terminal.send("\t")
    try shell.terminal.expect("search Marème")
    shell.terminal.send("\r")
    try shell.terminal.expect("\n")
    try shell.terminal.expect("Marème")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test func tabCompletesACountryOfTheBuiltInSnapshot() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("fetch")
    shell.terminal.send("filter country ke")
    try shell.terminal.expect("filter country ke")
    shell.terminal.send("\t")
    try shell.terminal.expect("Kenya")
    shell.terminal.send("\r")
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test func tabCompletesACollectionName() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("use r")
    try shell.terminal.expect("use r")
    shell.terminal.send("\t")
    try shell.terminal.expect("use restaurants")
    shell.terminal.send("\r")
    try shell.terminal.expect("restaurants> ")
    try shell.quit()
  }

  @Test func secondTabListsTheRestaurantSuggestionsWithCafe() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("use restaurants")
    shell.terminal.send("search ca")
    try shell.terminal.expect("search ca")
    shell.terminal.send("\t\t")
    // The list of candidates, then the prompt and line redrawn below it.
    try shell.terminal.expect("CASK Pub and Kitchen")
    try shell.terminal.expect("search ca")
    #expect(shell.terminal.text.contains("Cafe Deadend"))
    #expect(shell.terminal.text.contains(/\bCafe {2,}/), "the starter 'Cafe' in its own column")
    shell.terminal.send("fe\r")
    try shell.terminal.expect("Homei")
    try shell.terminal.expect("restaurants[\"cafe\"]> ")
    try shell.quit()
  }

  @Test func aPastedMultiLineJSONObjectIsDecoded() throws {
    let shell = try KivashSession()
    try shell.start()
    // Pasted in one go: the prompt continues ("...> ") until the braces balance.
    shell.terminal.send(
      "decode FlatLoan {\r  \"name\": \"Marème\",\r  \"country\": \"Senegal\",\r"
        + "  \"use\": \"fish\", \"amount\": 525\r}\r")
    try shell.terminal.expect("...> ")
    try shell.terminal.expect(
      #"FlatLoan(name: "Marème", country: "Senegal", use: "fish", amount: 525)"#)
    try shell.terminal.expect("loans> ")
    try shell.quit()
  }

  @Test func controlCCancelsASlowFetchAndTheLoansStay() throws {
    let server = try TestHTTPServer()
    let recording = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-cancel-\(UUID().uuidString).kivash")
    defer { try? FileManager.default.removeItem(at: recording) }
    let shell = try KivashSession(arguments: ["--record", recording.path])
    try shell.start()
    try shell.run("filter max 500")
    // Pages that never answer within the test, and no timeout to end the fetch first: on
    // a loaded machine the test itself may be kept off the CPU for half a minute, and its
    // Ctrl-C must still find the fetch running.
    let slow = server.url("/slow?delay=3600").absoluteString
    shell.terminal.send("fetch \(slow) --pages 3 --timeout 3600\r")
    try shell.terminal.expect("0/3 pages")
    shell.terminal.send(bytes: [0x03])
    // Back at the prompt, the loans unchanged.
    try shell.terminal.expect("> ")
    shell.terminal.send("count\r")
    try shell.terminal.expect("5 loans")
    try shell.terminal.expect("> ")
    try shell.quit()
    // What the shell said about the fetch, from its own record: on Ctrl-C the terminal
    // drops output not yet passed on (no NOFLSH), so it may not show what came just before.
    let transcript = try String(contentsOf: recording, encoding: .utf8)
    let afterFetch = transcript.components(separatedBy: "--timeout 3600\n").last ?? ""
    #expect(
      afterFetch.hasPrefix("error: fetch cancelled\n"), "the shell's record:\n\(transcript)")
  }

  @Test func upArrowRecallsThePreviousCommand() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("fetch")
    shell.terminal.send("count\r")
    let first = try shell.terminal.expect(Self.countOutput, describedAs: "the count")
    try shell.terminal.expect("> ")
    shell.terminal.send("\u{1B}[A")
    try shell.terminal.expect("count")
    shell.terminal.send("\r")
    let second = try shell.terminal.expect(Self.countOutput, describedAs: "the count again")
    #expect(second == first)
    try shell.terminal.expect("> ")
    try shell.quit()
  }

  @Test func controlCClearsTheLineAndTheShellGoesOn() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("fetch")
    shell.terminal.send("search zzz")
    try shell.terminal.expect("search zzz")
    // Were the line not cleared, this would run "search zzzcount".
    try Self.interruptThenCount(shell)
    try shell.quit()
  }

  /// Ctrl-C at the line being typed, then `count` on a new line, which runs alone.
  static func interruptThenCount(_ shell: KivashSession) throws {
    shell.terminal.send(bytes: [0x03])
    try shell.terminal.expect("^C")
    try shell.terminal.expect("> ")
    shell.terminal.send("count\r")
    try shell.terminal.expect(Self.countOutput, describedAs: "the count")
    try shell.terminal.expect("> ")
  }

  /// A session with `search abcdefghij … zz` typed, longer than the terminal's 100
  /// columns, and the cursor taken to its start, a row up (libedit puts it after the
  /// prompt's 7 columns).
  static func sessionAtTheStartOfAWrappedLine() throws -> KivashSession {
    let shell = try KivashSession()
    try shell.start()
    let words = Array(repeating: "abcdefghij", count: 12).joined(separator: " ")
    shell.terminal.send("search " + words + " zz")
    try shell.terminal.expect("j zz")
    shell.terminal.send(bytes: [0x01])
    try shell.terminal.expect("\u{1B}[8G")
    return shell
  }

  @Test func controlCWithTheCursorEarlyInAWrappedLineLeavesNoneOfItUnderThePrompt() throws {
    let shell = try Self.sessionAtTheStartOfAWrappedLine()
    try Self.interruptThenCount(shell)
    let screen = ScreenModel.screen(after: shell.terminal.text, rows: 30, columns: 100)
    // The ^C stands after the end of the abandoned line, the new prompt on a row of its own.
    let prompt = try #require(screen.firstIndex { $0.hasPrefix("loans> count") }, "\(screen)")
    #expect(screen[prompt] == "loans> count", "\(screen)")
    #expect(screen[prompt - 1].hasSuffix("abcdefghij zz^C"), "\(screen)")
    try shell.quit()
  }

  @Test func aListingWithTheCursorEarlyInAWrappedLineGoesBelowTheLine() throws {
    let shell = try Self.sessionAtTheStartOfAWrappedLine()
    // TAB TAB at the start lists the commands.
    shell.terminal.send("\t\t")
    try shell.terminal.expect("codegen")
    try shell.terminal.expect("loans> ")
    let screen = ScreenModel.screen(after: shell.terminal.text, rows: 30, columns: 100)
    // The line stands whole, then the listing, then the line again under a new prompt.
    let end = try #require(screen.firstIndex { $0.hasSuffix("abcdefghij zz") }, "\(screen)")
    #expect(screen[end + 1].hasPrefix("fetch "), "\(screen)")
    #expect(screen[end - 1].hasPrefix("loans> search abcdefghij"), "\(screen)")
    shell.terminal.send(bytes: [0x05, 0x15])
    try shell.quit()
  }

  @Test func controlDOnAnEmptyLineExitsWithStatusZero() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send(bytes: [0x04])
    #expect(try shell.terminal.waitForExit() == 0)
  }

  @Test func historyFileHoldsTheCommandsInOrderAfterExit() throws {
    let shell = try KivashSession()
    try shell.start()
    try shell.run("fetch")
    try shell.run("count")
    try shell.run("count")  // the same line again: recorded once
    try shell.run(" count")  // a leading space keeps a line out of history
    try shell.quit()
    let saved = try String(contentsOf: shell.historyFile, encoding: .utf8)
    #expect(saved == "fetch\ncount\n")
  }
}

/// One run of `kivash` on a pseudo-terminal, with its own temporary home and history file.
final class KivashSession {
  let directory: URL
  let historyFile: URL
  let terminal: PseudoTerminal

  /// Starts kivash with a history file of its own, or at `history`, on a terminal of
  /// `rows` rows, with `extra` added to its environment and `arguments` on its command line.
  init(
    history: String? = nil, rows: UInt16 = 30, environment extra: [String: String] = [:],
    arguments: [String] = []
  ) throws {
    let binary = TestPaths.kivashBinary
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-terminal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    historyFile =
      history.map(URL.init(fileURLWithPath:)) ?? directory.appendingPathComponent("history")
    terminal = try PseudoTerminal(
      executable: binary, arguments: arguments,
      environment: [
        "TERM": "xterm",
        "LANG": "C.UTF-8",
        "HOME": directory.path,
        "KIVASH_HISTORY": historyFile.path,
        "NO_COLOR": "1",
        "PATH": "/usr/bin:/bin",
        "PAGER": "",
      ].merging(extra) { $1 }.merging(Self.sanitizerSettings) { $1 }, rows: rows)
  }

  /// The sanitizers' settings (`scripts/test --sanitize`), which the sanitized binary needs
  /// as much as the tests do: its suppressions and options.
  static var sanitizerSettings: [String: String] {
    ProcessInfo.processInfo.environment.filter {
      $0.key.hasSuffix("SAN_OPTIONS") || $0.key == "SWIFT_BACKTRACE"
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Waits for the banner and the first prompt.
  func start() throws {
    try terminal.expect("kivash ")
    try terminal.expect("> ")
  }

  /// Types `command` and Enter, and waits for the next prompt.
  func run(_ command: String) throws {
    terminal.send(command + "\r")
    try terminal.expect("\n")
    try terminal.expect("> ")
  }

  /// Ctrl-D on the empty line; the shell must exit with status 0.
  func quit(sourceLocation: SourceLocation = #_sourceLocation) throws {
    terminal.send(bytes: [0x04])
    let status = try terminal.waitForExit(sourceLocation: sourceLocation)
    #expect(status == 0, sourceLocation: sourceLocation)
  }
}
