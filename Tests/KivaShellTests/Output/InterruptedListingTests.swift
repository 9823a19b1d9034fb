import Foundation
import Synchronization
import Testing

@testable import KivaShell

/// Ctrl-C stops a long list while its table is built and while it is written, and the
/// command fails as interrupted, leaving the session as it was.
@Suite("Interrupted listing")
struct InterruptedListingTests {
  /// Counts the questions a check is asked.
  final class Counter: Sendable {
    let count = Atomic<Int>(0)
  }

  /// A check that says Ctrl-C was pressed from its `after`+1th question on.
  static func pressed(after checks: Int) -> InterruptCheck {
    let counter = Counter()
    return InterruptCheck { counter.count.add(1, ordering: .relaxed).newValue > checks }
  }

  @Test("building a table stops at the check after Ctrl-C", arguments: [0, 10, 25])
  func tableBuilding(checks: Int) {
    let loans = (0..<20).map { SampleLoans.loans[$0 % 5] }
    let interrupt = Self.pressed(after: checks)
    let table = RecordTable(records: loans, isFavorite: { _ in false })
    #expect(throws: ShellError(.interrupted)) { try table.lines(width: 100, interrupt: interrupt) }
    #expect((try? table.lines(width: 100, interrupt: .never))?.count == 21)
  }

  @Test("writing lines stops between two lines")
  func writing() {
    let sink = CapturingSink()
    let output = Output(sink: sink)
    let interrupt = Self.pressed(after: 3)
    #expect(throws: ShellError(.interrupted)) {
      try output.page(["a", "b", "c", "d", "e"], interrupt: interrupt)
    }
    #expect(sink.standard == "a\nb\nc\n")
  }

  @Test("json, csv and lines modes stop too", arguments: [OutputMode.json, .csv, .lines])
  func otherModes(mode: OutputMode) throws {
    let loans = Array(repeating: SampleLoans.loans[0], count: 10)
    let interrupt = Self.pressed(after: 4)
    #expect(throws: ShellError(.interrupted)) {
      switch mode {
      case .json: _ = try Streamed.jsonArray(loans, interrupt: interrupt)
      case .csv: _ = try RecordRendering.csv(loans, interrupt: interrupt)
      default: _ = try RecordRendering.lines(loans, interrupt: interrupt)
      }
    }
  }

  @Test("an interrupted 'list all' prints no row and leaves the last list as it was")
  func listAll() throws {
    let sink = CapturingSink()
    let shell = Shell(session: SampleLoans.session, output: Output(sink: sink))
    try shell.execute(line: "list 2")
    let listed = shell.session.loans.lastListedIDs
    let interrupt = Self.pressed(after: 3)
    shell.isInterrupted = interrupt.isInterrupted
    let before = sink.standard
    #expect(throws: ShellError(.interrupted)) { try shell.execute(line: "list all") }
    #expect(sink.standard == before)
    #expect(shell.session.loans.lastListedIDs == listed)
    #expect(listed?.count == 2)
  }

  @Test("a list Ctrl-C stops while it is shown, in the pager too, keeps its row numbers")
  func interruptedWhileShown() throws {
    let folder = try TemporaryDirectory()
    let pressed = folder.file("pressed")
    let sink = CapturingSink()
    let output = Output(sink: sink, isTerminal: true)
    output.height = 5
    // Ctrl-C in less reaches kivash too: here the pager "presses" it as it quits.
    output.pager = "cat >/dev/null; touch '\(pressed.path)'"
    let shell = Shell(
      session: SampleLoans.session, output: output, options: Shell.Options(interactive: true))
    shell.isInterrupted = { FileManager.default.fileExists(atPath: pressed.path) }
    try shell.execute(line: "list 2; sort amount desc")
    #expect(throws: ShellError(.interrupted)) { try shell.execute(line: "list all") }
    // Row 1 is the dearest loan, as the pager showed it, not Marème of 'list 2'.
    #expect(shell.session.loans.lastListedIDs == ["4", "5", "1", "2", "3"])
    #expect(shell.session.loans.sort != nil)
    // Stopped before any row was shown, the list leaves the numbers as they were.
    shell.isInterrupted = Self.pressed(after: 0).isInterrupted
    #expect(throws: ShellError(.interrupted)) { try shell.execute(line: "search kenya") }
    #expect(shell.session.loans.lastListedIDs?.count == 5)
    #expect(shell.session.loans.searchText == "")
  }

  @Test("Ctrl-C during a command that does not stop for it cancels it after; saving ones stay")
  func pressedDuringACommand() throws {
    let sink = CapturingSink()
    let shell = Shell(
      session: SampleLoans.session, output: Output(sink: sink),
      options: Shell.Options(interactive: true))
    shell.isInterrupted = { true }
    #expect(throws: ShellError(.interrupted)) { try shell.execute(line: "filter max 500") }
    #expect(throws: ShellError(.interrupted)) { try shell.execute(line: "sort amount") }
    #expect(shell.session.loans.filters.maxAmount == nil)
    #expect(shell.session.loans.sort == nil)
    // `fav` saved the favourite as it ran: the session keeps it too, to agree.
    try shell.execute(line: "fav 1")
    #expect(shell.session.loans.favorites.count == 1)
    // A script stops before its next command instead: the running one ends as it would.
    let script = Shell(session: SampleLoans.session, output: Output(sink: CapturingSink()))
    script.isInterrupted = { true }
    try script.execute(line: "filter max 500")
    #expect(script.session.loans.filters.maxAmount == 500)
  }

  @Test(
    "a table is handed on a few chunks at a time, joining to the whole; a failed write stops it")
  func tableInPieces() throws {
    let loans = (0..<30_000).map { SampleLoans.loans[$0 % SampleLoans.loans.count] }
    let table = RecordTable(records: loans, isFavorite: { _ in false })
    var pieces: [[String]] = []
    try table.write(width: 100, chunkSize: 4096, threads: 2) { pieces.append($0) }
    // The header, then 8 chunks made 4 at a time: two rounds.
    #expect(pieces.map(\.count) == [1, 4 * 4096, 30_000 - 4 * 4096])
    #expect(pieces.flatMap { $0 } == (try table.lines(width: 100)))
    var calls = 0
    #expect(throws: ShellError(.fetchCancelled)) {
      try table.write(width: 100, chunkSize: 4096, threads: 2) { _ throws(ShellError) in
        calls += 1
        if calls == 2 { throw ShellError(.fetchCancelled) }
      }
    }
    #expect(calls == 2)
  }

  @Test("a pager that SIGINT ends says so; one that quits or exits 2 does not")
  func pagerOutcomes() {
    #expect(Pager.show("row\n", command: "cat >/dev/null; kill -INT $$") == .interrupted)
    #expect(Pager.show("row\n", command: "cat >/dev/null; exit 130") == .interrupted)
    #expect(Pager.show("row\n", command: "cat >/dev/null; exit 2") == .shown)
    #expect(Pager.show("row\n", command: "cat >/dev/null") == .shown)
  }
  @Test("an interrupted export leaves the file it was replacing as it was")
  func export() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("view.csv")
    try Data("kept\n".utf8).write(to: file)
    let shell = Shell(session: SampleLoans.session, output: Output(sink: CapturingSink()))
    shell.isInterrupted = Self.pressed(after: 3).isInterrupted
    #expect(throws: ShellError(.interrupted)) {
      try shell.execute(line: "export '\(file.path)'")
    }
    #expect(try Data(contentsOf: file) == Data("kept\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["view.csv"])
  }

  @Test("a listing bigger than a batch is handed on in batches that join to the whole")
  func pieces() throws {
    let loans = (0..<30_000).map { SampleLoans.loans[$0 % SampleLoans.loans.count] }
    var pieces: [String] = []
    try RecordRendering.writeCSV(loans) { pieces.append($0) }
    // The header with the first batch, then 28 full batches and the rest.
    #expect(pieces.count == 30)
    #expect(
      pieces.dropFirst().dropLast().allSatisfy {
        $0.utf8.split(separator: UInt8(ascii: "\n")).count == OrderedBatches.batchSize
      })
    let rows = pieces.joined().split(separator: "\r\n", omittingEmptySubsequences: false)
    #expect(rows.count == loans.count + 2)
    var json: [String] = []
    try RecordRendering.writeJSONArray(loans) { json.append($0) }
    #expect(json.count > 1)
    let decoded = try JSONSerialization.jsonObject(with: Data(json.joined().utf8))
    #expect((decoded as? [Any])?.count == loans.count)
  }
}
