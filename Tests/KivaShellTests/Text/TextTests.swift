import Testing

@testable import KivaShell

@Suite("Text: folding, money, edit distance")
struct TextTests {
  @Test("folding ignores case and diacritics")
  func folding() {
    #expect("Marème".folded == "mareme")
    #expect("THAILAND".folded == "thailand")
    #expect("Viet Nam".folded == "viet nam")
    // Letters that are no letter plus an accent, and apostrophes however written.
    #expect("Trần Văn Đức".folded == "tran van duc")
    #expect("Diyarbakır".folded == "diyarbakir")
    #expect("GÜLNARƏ".folded == "gulnare")
    #expect("Søren Łukasz Straße".folded == "soren lukasz strasse")
    #expect("Faʻamalu".folded == "faamalu")
    #expect("Fa'amalu".folded == "faamalu")
    #expect("Pheap’s".folded == "pheaps")
  }

  @Test(
    "amounts read as people write them",
    arguments: [
      ("500", 500), ("$500", 500), ("1,000", 1000), ("$1,000", 1000), ("12,345,678", 12_345_678),
      ("-5", -5), ("+500", 500), ("+$1,000", 1000),
    ])
  func parses(text: String, value: Int) {
    #expect(Money.parse(text) == value)
  }

  @Test(
    "malformed amounts are rejected",
    arguments: [
      "", "$", "abc", "1,00", "10,0000", ",100", "1.5", "5$", "99999999999999999999", "٥", "+",
      "++5", "+-5",
    ])
  func rejects(text: String) {
    #expect(Money.parse(text) == nil)
  }

  @Test("dollars group thousands")
  func dollars() {
    #expect(Money.dollars(0) == "$0")
    #expect(Money.dollars(375) == "$375")
    #expect(Money.dollars(1275) == "$1,275")
    #expect(Money.dollars(418_619) == "$418,619")
    #expect(Money.dollars(-1500) == "-$1,500")
  }

  @Test("did-you-mean picks the closest candidate only when it is close")
  func closest() {
    let commands = CommandRegistry.names
    #expect(EditDistance.closest(to: "serch", among: commands) == "search")
    #expect(EditDistance.closest(to: "lsit", among: commands) == "list")
    #expect(EditDistance.closest(to: "FILTR", among: commands) == "filter")
    #expect(EditDistance.closest(to: "xyzzy", among: commands) == nil)
    #expect(EditDistance.closest(to: "Kenia", among: ["Kenya", "Peru"]) == "Kenya")
    #expect(EditDistance.between("kitten", "sitting") == 3)
  }

  @Test("did-you-mean: a prefix, an exact match, and values far longer than the word")
  func closestAmongLongValues() {
    #expect(EditDistance.closest(to: "ken", among: ["Peru", "Kenya"]) == "Kenya")
    #expect(EditDistance.closest(to: "KENYA", among: ["Kenya!", "kenya"]) == "kenya")
    // A value of ten million characters is passed over at once, not compared in a table
    // of a billion cells; a near miss beside it is still found.
    let huge = String(repeating: "x", count: 10_000_000)
    #expect(EditDistance.closest(to: "Kenia", among: [huge, "Kenya"]) == "Kenya")
    #expect(EditDistance.closest(to: "xxxxx", among: [huge]) == huge)
  }
}
