import Testing

@testable import KivaShell

/// The numbered table of `list`: a record's row is one line whatever its data holds.
@Suite("Record table")
struct RecordTableTests {
  @Test("tabs and line breaks in the data become spaces; the row stays one line")
  func controlCharacters() {
    let loan = Loan(
      id: 1, name: "Ann\tLee", country: "Kenya", use: "two\nlines\r\nhere", amount: 50,
      sector: "Food", activity: "Farming")
    let lines = RecordTable(records: [loan], isFavorite: { _ in false }).lines(width: 100)
    #expect(lines.count == 2)
    #expect(lines[1] == "  1   Ann Lee  Kenya    two lines  here     $50")
    #expect(RecordTable<Loan>.oneLine("a\u{7F}b\u{1B}[31m") == "a b [31m")
    #expect(RecordTable<Loan>.oneLine("Marème 😀") == "Marème 😀")
  }
}
