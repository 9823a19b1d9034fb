import Foundation
import Testing

@testable import KivaShell

/// The numbered table of `list`: a record's row is one line whatever its data holds.
@Suite("Record table")
struct RecordTableTests {
  @Test("tabs and line breaks in the data become spaces; the row stays one line")
  func controlCharacters() throws {
    let loan = Loan(
      id: 1, name: "Ann\tLee", country: "Kenya", use: "two\nlines\r\nhere", amount: 50,
      sector: "Food", activity: "Farming")
    let lines = try RecordTable(records: [loan], isFavorite: { _ in false }).lines(width: 100)
    #expect(lines.count == 2)
    #expect(lines[1] == "  1   Ann Lee  Kenya    two lines  here     $50")
    #expect(RecordTable<[Loan]>.oneLine("a\u{7F}b\u{1B}[31m") == "a b [31m")
    #expect(RecordTable<[Loan]>.oneLine("Marème 😀") == "Marème 😀")
  }

  @Test("an amount is never cut; the flexible column gives way")
  func wideAmount() throws {
    let loans = [Int.max, 50].map { amount in
      Loan(
        id: amount, name: "Ann", country: "Kenya", use: "seeds for the long rains", amount: amount,
        sector: "Food", activity: "Farming")
    }
    let lines = try RecordTable(records: loans, isFavorite: { _ in false }).lines(width: 60)
    #expect(
      lines == [
        "  #   name  country  use                              amount",
        "  1   Ann   Kenya    seeds for …  $9,223,372,036,854,775,807",
        "  2   Ann   Kenya    seeds for …                         $50",
      ])
  }

  @Test("wide characters and emoji take two columns: the next column still lines up")
  func wideCharacters() throws {
    let names = ["王小明", "Zoë Ann", "😀 Smile", "Mar\u{0065}\u{0300}me"]
    let loans = names.enumerated().map { index, name in
      Loan(
        id: index, name: name, country: "Kenya", use: "seeds", amount: 50, sector: "Food",
        activity: "Farming")
    }
    let lines = try RecordTable(records: loans, isFavorite: { _ in false }).lines(width: 100)
    let columns = try lines.dropFirst().map { line in
      let start = try #require(line.range(of: "Kenya")).lowerBound
      return DisplayWidth.of(line[..<start])
    }
    #expect(Set(columns).count == 1, "\(lines.joined(separator: "\n"))")
    #expect(DisplayWidth.of("王小明") == 6)
    #expect(DisplayWidth.of("😀") == 2)
    #expect(DisplayWidth.of("e\u{0300}") == 1)
    #expect(TextLayout.clip("王小明王小明", to: 5) == "王小…")
  }

  /// Loans of every width, some favourites: enough to make the widest cell of each column
  /// fall in a different chunk.
  static func manyLoans(_ count: Int) -> [Loan] {
    (0..<count).map { (index: Int) -> Loan in
      let name = String(repeating: "N", count: index % 23 + 1)
      let use = String(repeating: "u", count: (index * 7) % 61)
      let amount: Int = index * 37 % 9000
      return Loan(
        id: index, name: name, country: "Kenya", use: use, amount: amount, sector: "Food",
        activity: "Farming")
    }
  }

  @Test(
    "a table made in chunks on several threads is the table made in one",
    arguments: [1, 7, 64, 1000])
  func chunked(chunkSize: Int) throws {
    let loans = Self.manyLoans(1000)
    let isFavorite = { (loan: Loan) in loan.id % 5 == 0 }
    let whole = try RecordTable(records: loans, isFavorite: isFavorite)
      .lines(width: 80, chunkSize: 1000)
    let chunked = try RecordTable(records: loans[100...], isFavorite: isFavorite)
      .lines(width: 80, chunkSize: chunkSize)
    let alone = try RecordTable(records: Array(loans[100...]), isFavorite: isFavorite)
      .lines(width: 80, chunkSize: 1000)
    #expect(whole.count == 1001 && chunked.count == 901)
    #expect(chunked == alone)
    // Numbered by position in the rows given, not by index in the array they come from.
    #expect(chunked[1].hasPrefix("    1 ★ "))
    #expect(chunked[900].hasPrefix("  900   "))
  }

  @Test("Ctrl-C while a table is made in chunks stops it", arguments: [0, 500, 1500])
  func chunkedInterrupted(checks: Int) {
    let loans = Self.manyLoans(1000)
    let table = RecordTable(records: loans, isFavorite: { _ in false })
    #expect(throws: ShellError(.interrupted)) {
      try table.lines(
        width: 80, interrupt: InterruptedListingTests.pressed(after: checks), chunkSize: 64)
    }
  }

  /// A check as the shell's is: it says Ctrl-C was pressed once, at question `press`, and
  /// forgets it once asked; and how many questions it was asked.
  static func forgetful(pressAt press: Int) -> (check: InterruptCheck, asked: () -> Int) {
    let counter = InterruptedListingTests.Counter()
    let check = InterruptCheck { counter.count.add(1, ordering: .relaxed).newValue == press }
    return (check, { counter.count.load(ordering: .relaxed) })
  }

  @Test("a press forgotten once asked still stops every chunk of a long table at once")
  func forgottenPress() {
    let loans = Self.manyLoans(20_000)
    let (check, asked) = Self.forgetful(pressAt: 1000)
    let table = RecordTable(records: loans, isFavorite: { _ in false })
    #expect(throws: ShellError(.interrupted)) {
      try table.lines(width: 80, interrupt: check, chunkSize: 64)
    }
    // Once one thread heard it, the others stop before asking again (a thread that was
    // already asking may ask once more).
    #expect(asked() <= 1000 + ProcessInfo.processInfo.activeProcessorCount)
  }

  @Test("a latching check keeps saying Ctrl-C was pressed; the check it wraps is not asked")
  func latching() {
    let (check, asked) = Self.forgetful(pressAt: 3)
    let latched = check.latching()
    #expect((0..<6).map { _ in latched.isInterrupted() } == [false, false, true, true, true, true])
    #expect(asked() == 3)
  }

  @Test(
    "every collection's table fits the width, down to the narrowest set width allows",
    arguments: ["loans", "landmarks", "restaurants", "categories"], [40, 52, 60, 80])
  func fitsTheWidth(collection: String, width: Int) throws {
    let run = try BinaryRun.run(
      ["--no-persist", "-c", "use \(collection); set width \(width); list all"])
    #expect(run.status == 0)
    let rows = run.output.split(separator: "\n").dropFirst(2)
    #expect(rows.count > 3)
    for row in rows { #expect(DisplayWidth.of(String(row)) <= width, "\(row)") }
    // Amounts are never clipped: every dollar of the widest shows.
    if collection == "loans" { #expect(rows.contains { $0.hasSuffix("  $3,000") }) }
  }

  @Test("columns of one width give way together, the flexible ones first, amounts never")
  func fitSharesTheCut() {
    // Landmarks: name, park (flexible), state, category.
    var widths = [19, 4, 13, 9]
    RecordTable<[Landmark]>.fit(&widths, of: Landmark.columns, by: 10)
    #expect(widths == [11, 4, 11, 9])
    // Loans: name, country, use (flexible), amount (aligned right).
    var loans = [20, 10, 40, 6]
    RecordTable<[Loan]>.fit(&loans, of: Loan.columns, by: 40)
    #expect(loans == [17, 10, 3, 6])
    // Headers are the floor: what is left over stays.
    var tight = [4, 7, 3, 6]
    RecordTable<[Loan]>.fit(&tight, of: Loan.columns, by: 5)
    #expect(tight == [4, 7, 3, 6])
  }
}
