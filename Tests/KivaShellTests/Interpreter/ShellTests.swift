import Foundation
import Testing

@testable import KivaShell

@Suite("Shell: the read-eval-print loop without a terminal")
struct ShellTests {
  private func run(
    _ lines: [String], options: Shell.Options = Shell.Options(),
    session: Session = .withBuiltInData()
  ) -> (shell: Shell, sink: CapturingSink, status: Int32) {
    let sink = CapturingSink()
    let shell = Shell(session: session, output: Output(sink: sink), options: options)
    let status = shell.run(reader: ArrayLineReader(lines))
    return (shell, sink, status)
  }

  @Test("the tutorial's walk-through, end to end")
  func tutorial() {
    let (shell, sink, status) = run([
      "fetch; filter max 500; list; search kenya; fav 1; favs; suggest"
    ])
    #expect(status == 0)
    #expect(sink.error == "")
    #expect(shell.session.prompt == #"loans[<$500 "kenya"]> "#)
    #expect(shell.session.loans.favorites.map(\.id) == [436_762])
    #expect(sink.standard.contains("showing 5 of 20 loans below $500\n"))
    #expect(sink.standard.contains("★ Stephen (Kenya, $375) is now a favourite\n"))
    #expect(sink.standard.contains("recent: kenya\n"))
  }

  @Test("a failed command changes nothing, and the script stops with status 1")
  func failureChangesNothing() {
    let (shell, sink, status) = run(["filter max 500", "filter country Kenia", "count"])
    #expect(status == 1)
    #expect(sink.error == "error: no loans with country 'Kenia' — did you mean 'Kenya'?\n")
    #expect(shell.session.loans.filters == RecordFilters(maxAmount: 500))
    #expect(!sink.standard.contains("loans\n"))
  }

  @Test("in a line of several commands, those before the failure stay done")
  func partialLine() {
    let (shell, _, status) = run(["filter max 500; filter min nope; filter country Kenya"])
    #expect(status == 1)
    #expect(shell.session.loans.filters == RecordFilters(maxAmount: 500))
  }

  @Test("keep-going runs every line and still fails")
  func keepGoing() {
    let (_, sink, status) = run(
      ["serch", "count"], options: Shell.Options(keepGoing: true, sourceName: "t.kiva"))
    #expect(status == 1)
    #expect(
      sink.combined
        == "error: t.kiva:1: unknown command 'serch' — did you mean 'search'?\n20 loans\n")
  }

  @Test("interactive errors get a caret under the offending word and do not stop")
  func caret() {
    let (_, sink, status) = run(
      ["filter max abc", "count"], options: Shell.Options(interactive: true))
    #expect(status == 0, "at the prompt, errors were seen as they happened")
    // The caret stands under "abc": after the 7 columns of "loans> " and 11 of "filter max ".
    #expect(
      sink.error
        == String(repeating: " ", count: 18) + "^~~\n"
        + "error: 'filter max' needs an amount, got 'abc'\n")
    #expect(sink.standard == "20 loans\n")
  }

  @Test("a script's warnings name its file and line, a sourced one's the innermost")
  func warningsInScripts() throws {
    let folder = try TemporaryDirectory()
    let loan =
      #"{"id":1,"name":"A","use":"u","sector":"Food","activity":"x","status":"s","#
      + #""location":{"country":"Kenya"},"loan_amount":"#
    try Data(#"{"loans":[\#(loan)1.5},\#(loan)100}]}"#.utf8).write(to: folder.file("two.json"))
    try Data("count\nfetch two.json\n".utf8).write(to: folder.file("inner.kiva"))
    try Data("fetch two.json\nsource inner.kiva\ncount\n".utf8).write(to: folder.file("outer.kiva"))
    let run = try BinaryRun.run(["--no-persist", "outer.kiva"], in: folder.url)
    #expect(run.status == 0)
    let skipped =
      "skipped 1 loan: loans[0].loan_amount: 1.5 is not a whole number, and Int takes only "
      + "whole numbers"
    #expect(
      run.output == "warning: outer.kiva:1: \(skipped)\nfetched 1 loan from 'two.json'\n"
        + "1 loan\nwarning: inner.kiva:2: \(skipped)\nfetched 1 loan from 'two.json'\n1 loan\n")
  }

  @Test("no caret under a later command of a line, nor under a line that wrapped")
  func noCaretUnderOutput() {
    let long = "count " + String(repeating: "x", count: 120)
    let (_, sink, _) = run(
      ["count; filter max abc", long], options: Shell.Options(interactive: true))
    #expect(
      sink.error
        == "error: 'filter max' needs an amount, got 'abc'\n"
        + "error: 'count' does not take '\(String(repeating: "x", count: 39))…' — usage: count\n")
  }

  @Test("echo prints the prompt and the command before its output")
  func echo() {
    let (_, sink, _) = run(["filter max 500", "count"], options: Shell.Options(echo: true))
    #expect(
      sink.standard == """
        loans> filter max 500
        showing 5 of 20 loans below $500
        loans[<$500]> count
        5 loans

        """)
  }

  @Test("echo shows each command of a line before its own output, at its own prompt")
  func echoEachCommand() {
    let (_, sink, status) = run(
      ["count; ; filter max 500;count # a comment", "show 9; count"],
      options: Shell.Options(echo: true, echoesEachCommand: true))
    #expect(status == 1)
    #expect(
      sink.standard == """
        loans> count
        20 loans
        loans> filter max 500
        showing 5 of 20 loans below $500
        loans[<$500]> count
        5 loans
        loans[<$500]> show 9

        """)
    // A command over several lines is shown as it was typed.
    let (_, block, _) = run(
      ["model M {", "name: String", "}; models"],
      options: Shell.Options(echo: true, echoesEachCommand: true))
    #expect(
      block.standard.hasPrefix("loans> model M {\n...> name: String\n...> }; models\ndefined"))
  }

  @Test("quit stops reading")
  func quit() {
    let (shell, sink, status) = run(["count", "quit", "count"])
    #expect(status == 0)
    #expect(shell.session.wantsToQuit)
    #expect(sink.standard == "20 loans\n")
  }

  @Test("history prints the entries it is given, numbered")
  func history() throws {
    let sink = CapturingSink()
    let shell = Shell(session: Session(), output: Output(sink: sink))
    shell.historyEntries = { ["fetch", "list"] }
    try shell.execute(line: "history")
    try shell.execute(line: "history 1")
    #expect(sink.standard == "  1  fetch\n  2  list\n  2  list\n")
  }

  @Test("history with nothing in it says why: off, or nothing entered yet")
  func emptyHistory() throws {
    let sink = CapturingSink()
    let shell = Shell(session: Session(), output: Output(sink: sink))
    try shell.execute(line: "history")
    shell.historyFile = URL(fileURLWithPath: "/tmp/kivash-history")
    try shell.execute(line: "history")
    #expect(
      sink.standard == "history is off (KIVASH_HISTORY is empty): no lines are kept\n"
        + "no history yet — lines entered at the prompt are kept in '/tmp/kivash-history'\n")
  }

  @Test("a long view lists the first 50 rows and says how to see the rest")
  func longList() throws {
    var session = Session()
    let loans = (1...60).map { index in
      Loan(
        id: index, name: "Borrower \(index)", country: "Kenya", use: "stock", amount: index * 10,
        sector: "Retail", activity: "Retail")
    }
    session.loans.load(loans, from: "generated")
    let sink = CapturingSink()
    let shell = Shell(session: session, output: Output(sink: sink))
    try shell.execute(line: "list")
    let lines = sink.standard.split(separator: "\n")
    #expect(lines.count == 1 + 50 + 1)
    #expect(lines.last == "… 10 more; 'list all' shows them all")
    #expect(shell.session.loans.lastListedIDs == (1...50).map(String.init))
    try shell.execute(line: "list all; count")
    #expect(sink.standard.hasSuffix("Borrower 60  Kenya    stock    $600\n60 loans\n"))
  }

  @Test("in --csv and --json, list and search print every row, for the program reading them")
  func longListAsData() throws {
    var session = Session()
    session.loans.load(
      (1...60).map { index in
        Loan(
          id: index, name: "Borrower \(index)", country: "Kenya", use: "stock", amount: index,
          sector: "Retail", activity: "Retail")
      }, from: "generated")
    let sink = CapturingSink()
    let output = Output(sink: sink)
    output.mode = .csv
    let shell = Shell(session: session, output: output)
    try shell.execute(line: "list")
    #expect(sink.standard.split(separator: "\r\n").count == 1 + 60)
    #expect(sink.error == "")
    output.mode = .json
    try shell.execute(line: "search borrower")
    #expect(sink.standard.hasSuffix(#""use":"stock"}"# + "\n]\n"))
    #expect(sink.standard.components(separatedBy: #""name":"#).count - 1 == 60)
    #expect(shell.session.loans.lastListedIDs?.count == 60)
    try shell.execute(line: "list 5")
    #expect(shell.session.loans.lastListedIDs == (1...5).map(String.init))
    // At a terminal, a person reads it: a screen's worth, as in table mode.
    let terminal = Output(sink: CapturingSink(), isTerminal: true)
    terminal.mode = .json
    let atPrompt = Shell(session: session, output: terminal)
    try atPrompt.execute(line: "list")
    #expect(atPrompt.session.loans.lastListedIDs?.count == 50)
  }
}
