import Foundation
import Testing

@testable import KivaShell

/// A loans file whose loans repeat an id keeps the first loan of each id, with a
/// warning: rows and favourites go by id, and `fav 2` must star the loan on row 2.
@Suite("Repeated loan ids")
struct LoanIDsTests {
  private func loans(_ ids: [Int]) -> [Loan] {
    ids.map {
      Loan(
        id: $0, name: "n\($0)", country: "Kenya", use: "u", amount: 1, sector: "s", activity: "a")
    }
  }

  @Test("the positions of loans whose id came before, whatever the ids' size")
  func repeated() {
    #expect(LoanIDs.repeated(in: loans([])) == [])
    #expect(LoanIDs.repeated(in: loans([5, 6, 7])) == [])
    #expect(LoanIDs.repeated(in: loans([5, 6, 5, 7, 6, 5])) == [2, 4, 5])
    // The same low bits, different ids: no repeat.
    #expect(LoanIDs.repeated(in: loans([1, 1 + (1 << 26), -1, Int.max, Int.min])) == [])
    #expect(LoanIDs.repeated(in: loans([Int.min, 3, Int.min])) == [2])
  }

  @Test("fetch keeps the first loan of each id and says so; rows are then unambiguous")
  func fetchWarns() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("dupid.json")
    var text = String(decoding: BuiltInData.loans, as: UTF8.self)
    // Bayan (row 2) takes Pheap's Group's id.
    text = text.replacingOccurrences(of: #""id":436755"#, with: #""id":436753"#)
    try text.write(to: file, atomically: true, encoding: .utf8)
    let run = ScriptRun(["fetch \(file.path)", "list 2", "fav 2", "count"])
    #expect(
      run.error
        == "warning: '\(file.path)' has an id on more than one loan (436753 ×2): kept the "
        + "first loan of each\n")
    #expect(run.standard.hasPrefix("fetched 19 loans from '\(file.path)'\n"))
    #expect(run.standard.contains("★ Tamaz (Georgia, $2,150) is now a favourite\n19 loans\n"))
  }

  @Test("each repeated id is named once, with how many loans carry it")
  func countsPerID() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("dupid.json")
    var text = String(decoding: BuiltInData.loans, as: UTF8.self)
    for id in ["436755", "436756"] {
      text = text.replacingOccurrences(of: #""id":\#(id)"#, with: #""id":436753"#)
    }
    text = text.replacingOccurrences(of: #""id":436761"#, with: #""id":436760"#)
    try text.write(to: file, atomically: true, encoding: .utf8)
    let run = ScriptRun(["fetch \(file.path)"])
    #expect(
      run.error
        == "warning: '\(file.path)' has 2 ids on more than one loan (436753 ×3, 436760 ×2): "
        + "kept the first loan of each\n")
    #expect(run.standard.hasPrefix("fetched 17 loans"))
  }
}
