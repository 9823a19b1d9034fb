import Testing

@testable import KivaShell

@Suite("Row numbers for TAB")
struct RowNumberCompletionTests {
  private func rows(_ typed: String, of count: Int) -> [String] {
    RowNumberCompletion.candidates(for: typed, count: count)
  }

  /// What the numbers were before: every row's number, filtered by its start.
  private func everyRow(_ typed: String, of count: Int) -> [String] {
    (0..<count).map { String($0 + 1) }.filter { $0.hasPrefix(typed) }
  }

  @Test("the typed number, then those a digit longer, up to the last row, in order")
  func prefixes() {
    #expect(rows("1", of: 12) == ["1", "10", "11", "12"])
    let twos: [Int] = [2] + Array(20...29) + Array(200...250)
    #expect(rows("2", of: 250) == twos.map { String($0) })
    #expect(rows("12", of: 12) == ["12"])
    #expect(rows("", of: 3) == ["1", "2", "3"])
    for count in [1, 9, 10, 11, 99, 100, 101, 1_234] {
      for typed in ["", "1", "9", "10", "12", "99", "123", "1234", "2"] {
        #expect(rows(typed, of: count) == everyRow(typed, of: count), "\(typed) of \(count)")
      }
    }
  }

  @Test("no rows for what cannot start a row number")
  func nothing() {
    #expect(rows("13", of: 12).isEmpty)
    #expect(rows("0", of: 12).isEmpty)
    #expect(rows("01", of: 12).isEmpty)
    #expect(rows("1a", of: 12).isEmpty)
    #expect(rows("-1", of: 12).isEmpty)
    #expect(rows("\u{0661}", of: 12).isEmpty)  // ARABIC-INDIC DIGIT ONE
    #expect(rows("1", of: 0).isEmpty)
    #expect(rows("", of: 0).isEmpty)
    #expect(rows("99999999999999999999", of: 12).isEmpty)
  }

  @Test("a limit keeps the first rows in order")
  func limited() {
    #expect(RowNumberCompletion.candidates(for: "", count: 1_000_000, limit: 2) == ["1", "2"])
    #expect(RowNumberCompletion.candidates(for: "1", count: 12, limit: 2) == ["1", "10"])
    #expect(RowNumberCompletion.candidates(for: "1", count: 12, limit: 3) == ["1", "10", "11"])
    #expect(RowNumberCompletion.candidates(for: "12", count: 12, limit: 2) == ["12"])
    #expect(RowNumberCompletion.candidates(for: "2", count: 250, limit: 12).last == "200")
    #expect(RowNumberCompletion.candidates(for: "1", count: 12, limit: 0).isEmpty)
  }

  @Test("the last rows of the largest view stop without overflowing")
  func largest() {
    #expect(rows("922337203685477580", of: Int.max).count == 9)
    #expect(rows(String(Int.max), of: Int.max) == [String(Int.max)])
  }

  @Test("a million rows: the shared start is the typed number")
  func million() {
    #expect(rows("", of: 1_000_000).count == 1_000_000)
    #expect(rows("5", of: 1_000_000).count == 111_111)
    #expect(Completer.sharedPrefix(of: rows("5", of: 1_000_000)) == "5")
    #expect(Completer.sharedPrefix(of: rows("", of: 1_000_000)) == "")
  }
}
