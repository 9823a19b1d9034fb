import Testing

@testable import KivaShell

/// The byte-keyed table behind the vocabulary and the filter values answers as a
/// dictionary keyed by the same bytes would, and values written differently but equal
/// in Unicode are still one value where the data is numbered.
@Suite("Strings numbered by their bytes")
struct UTF8TableTests {
  typealias Generator = FastJSONCorruption.SeededGenerator

  static func randomString(using generator: inout Generator) -> String {
    let pieces = ["a", "b", "Z", " ", "é", "e\u{301}", "ß", "中", "🙂", "0", "-"]
    let count = Int.random(in: 0..<40, using: &generator)
    return (0..<count).map { _ in
      pieces[Int.random(in: 0..<pieces.count, using: &generator)]
    }.joined()
  }

  @Test("it finds what a dictionary keyed by the bytes finds, through growth and updates")
  func sameAsDictionary() {
    var generator = Generator(state: 21)
    var table = UTF8Table<Int>()
    var reference: [[UInt8]: Int] = [:]
    for step in 0..<20_000 {
      let text = Self.randomString(using: &generator)
      let bytes = Array(text.utf8)
      #expect(table.value(for: text) == reference[bytes], "step \(step): \(text)")
      if Bool.random(using: &generator) {
        table.set(step, for: text)
        reference[bytes] = step
      }
    }
    #expect(table.count == reference.count)
    #expect(table.count > 1_000)
    // A string made of pieces (not one literal) is found by its bytes.
    var built = ""
    for piece in ["Kampong Cham province, ", "Dambae district"] { built += piece }
    table.set(-1, for: built)
    #expect(table.value(for: "Kampong Cham province, Dambae district") == -1)
    #expect(table.value(for: "Kampong Cham province, Dambae distric") == nil)
  }

  @Test("a composed and a decomposed accent are two keys here, and one value in the data")
  func unicodeEquivalence() {
    let composed = "C\u{F4}te d'Ivoire"
    let decomposed = "Co\u{302}te d'Ivoire"
    #expect(composed == decomposed)
    var table = UTF8Table<Int>()
    table.set(1, for: composed)
    #expect(table.value(for: decomposed) == nil)

    let loans = [composed, decomposed, composed].enumerated().map { index, country in
      Loan(
        id: index, name: "N\(index)", country: country, use: "x", amount: 100, sector: "Food",
        activity: "Food Market")
    }
    var collection = RecordCollection<Loan>()
    collection.load(loans, from: "test")
    #expect(collection.filterValues[.country] == [composed])
    let entry = collection.vocabulary.entries.first { $0.field == .country }
    #expect(entry?.count == 3)
    #expect(collection.vocabulary.entries.filter { $0.field == .country }.count == 1)
  }
}
