import Foundation
import Testing

@testable import KivaShell

/// Row numbers mean the rows last listed, a `fetch` in between or not: a row whose loan
/// is still there is that loan, one whose loan is gone is an error, never another loan.
@Suite("row numbers after a fetch")
struct RowsAfterFetchTests {
  /// A loan bigger than every sample, so that it sorts first.
  static let newcomer = Loan(
    id: 99, name: "Newcomer", country: "Peru", use: "seeds", amount: 9_000, sector: "Food",
    activity: "Farming")

  /// A loans file holding `loans`.
  static func file(_ loans: [Loan], in directory: TemporaryDirectory) throws -> String {
    let url = directory.file("loans.json")
    try JSONEncoder().encode(["loans": loans]).write(to: url)
    return url.path
  }

  static func favorites(_ shell: Shell) -> [Int] {
    shell.session.loans.records.filter { shell.session.loans.isFavorite($0) }.map(\.id).sorted()
  }

  @Test("after fetch --append, row 2 of the last list is the loan listed there")
  func appendKeepsTheListedRows() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.file([Self.newcomer], in: directory)
    let sink = CapturingSink()
    let shell = Shell(session: SampleLoans.session, output: Output(sink: sink))
    try shell.execute(line: "sort amount desc; list 2")
    #expect(shell.session.loans.lastListedIDs == ["4", "5"])
    // The newcomer now comes first in the view: row 2 of the view would be Tamaz.
    try shell.execute(line: "fetch --append \(path); fav 2")
    #expect(Self.favorites(shell) == [5])
    #expect(sink.standard.contains("Bang"))
  }

  @Test("after a fetch that replaced the loans, a row whose loan is gone is an error")
  func replacedRowIsGone() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.file([Self.newcomer, SampleLoans.loans[0]], in: directory)
    let shell = Shell(session: SampleLoans.session, output: Output(sink: CapturingSink()))
    try shell.execute(line: "list 3; fetch \(path)")
    #expect(throws: ShellError.self) { try shell.execute(line: "fav 3") }
    do {
      try shell.execute(line: "show 2")
      Issue.record("show 2 found a loan")
    } catch {
      #expect(
        error.message
          == "row 2 is no longer there: it was not in the data fetched since the last list"
          + " — 'list' shows the rows now")
    }
    #expect(Self.favorites(shell) == [])
    // Row 1 of the last list (Marème, id 1) is in the new data: it is still row 1.
    try shell.execute(line: "fav 1")
    #expect(Self.favorites(shell) == [1])
    // A new list gives the rows their new meaning: the file's order, the newcomer first.
    try shell.execute(line: "list; fav 1")
    #expect(Self.favorites(shell) == [1, 99])
  }

  @Test("before any list, row numbers are the view's, the fetched loans' included")
  func beforeAnyListTheView() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.file([Self.newcomer], in: directory)
    let shell = Shell(session: SampleLoans.session, output: Output(sink: CapturingSink()))
    try shell.execute(line: "fetch \(path); fav 1")
    #expect(Self.favorites(shell) == [99])
  }
}
