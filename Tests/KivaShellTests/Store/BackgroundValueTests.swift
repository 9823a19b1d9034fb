import Dispatch
import Foundation
import Testing

@testable import KivaShell

/// Values built on another thread are the ones built in place, whoever asks first and
/// from whatever thread; a big collection's vocabulary and search work as a small one's.
@Suite("Values prepared in the background")
struct BackgroundValueTests {
  @Test("in the background or in place, the value is made once and is the same")
  func sameValue() {
    let calls = Locked(0)
    let background = BackgroundValue(on: DispatchQueue(label: "test")) {
      calls.withLock { $0 += 1 }
      return (1...1_000).reduce(0, +)
    }
    let inPlace = BackgroundValue(on: nil) { (1...1_000).reduce(0, +) }
    // Asked from many threads at once: one answer, one run.
    let answers = Locked<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let value = background.value
      answers.withLock { $0.append(value) }
    }
    #expect(answers.withLock { $0 } == Array(repeating: 500_500, count: 8))
    #expect(calls.withLock { $0 } == 1)
    #expect(inPlace.value == 500_500)
    #expect(BackgroundValue("ready").value == "ready")
  }

  /// Loans enough for the collection to build in the background.
  static func manyLoans() -> [Loan] {
    let countries = ["Kenya", "Peru", "Côte d'Ivoire", "Viet Nam", "Philippines"]
    let sectors = ["Food", "Retail", "Agriculture"]
    return (0..<12_000).map { index in
      Loan(
        id: index, name: "Borrower \(index % 997)", country: countries[index % countries.count],
        town: index % 3 == 0 ? nil : "Town \(index % 41)", use: "to buy stock", amount: index % 900,
        sector: sectors[index % sectors.count], activity: "Activity \(index % 13)")
    }
  }

  @Test("a big collection's vocabulary, search and filter values match what is built in place")
  func bigCollection() {
    let loans = Self.manyLoans()
    var collection = RecordCollection<Loan>()
    collection.load(loans, from: "test")
    #expect(collection.vocabulary.entries == Vocabulary(loans).entries)
    collection.searchText = "town 7 côte"
    // Search finds every word, folded, anywhere in a loan's name, country and town.
    let expected = loans.indices.filter { index in
      let loan = loans[index]
      let text = [loan.name, loan.country, loan.town ?? ""].joined(separator: "\n").folded
      return ["town", "7", "cote"].allSatisfy { text.contains($0) }
    }
    #expect(!expected.isEmpty)
    #expect(collection.viewIndices() == expected)
    collection.waitUntilPrepared()
    collection.searchText = ""
    collection.filters.maxAmount = 10
    #expect(collection.viewCount == loans.filter { $0.amount < 10 }.count)
    collection.filters.maxAmount = nil
    collection.filters.values[.country] = "cote d'ivoire"
    #expect(collection.viewCount == loans.filter { $0.country == "Côte d'Ivoire" }.count)
    #expect(collection.filterValues[.country]?.count == 5)
  }
}
