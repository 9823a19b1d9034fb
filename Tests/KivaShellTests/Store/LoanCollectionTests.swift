import Testing

@testable import KivaShell

@Suite("Loan collection: filters, search, sort")
struct LoanCollectionTests {
  private func names(_ collection: RecordCollection<Loan>) -> [String] {
    collection.view().map(\.name)
  }

  @Test("filter max keeps amounts strictly below, as the tutorial's slider")
  func maxAmount() {
    var collection = SampleLoans.collection
    collection.filters.maxAmount = 500
    #expect(names(collection) == ["Marème", "Stephen", "Hamadi"])
  }

  @Test("filter min keeps amounts at or above")
  func minAmount() {
    var collection = SampleLoans.collection
    collection.filters.minAmount = 450
    #expect(names(collection) == ["Marème", "Tamaz", "Bang"])
  }

  @Test("filters combine with each other and with the search")
  func combine() {
    var collection = SampleLoans.collection
    collection.filters.values[.country] = "KENYA"
    #expect(names(collection) == ["Stephen", "Hamadi"])
    collection.filters.values[.sector] = "food"
    #expect(names(collection) == ["Hamadi"])
    collection.filters = RecordFilters(maxAmount: 1000)
    collection.searchText = "food"
    #expect(names(collection) == [])
    collection.searchText = "viet"
    #expect(names(collection) == ["Bang"])
  }

  @Test("favourites only")
  func favoritesOnly() {
    var collection = SampleLoans.collection
    collection.favoriteOverrides = ["4": true, "2": true]
    collection.filters.favoritesOnly = true
    #expect(names(collection) == ["Stephen", "Tamaz"])
  }

  @Test(
    "search folds case and diacritics over name, country and town",
    arguments: [
      ("mareme", ["Marème"]),
      ("MARÈME", ["Marème"]),
      ("kenya", ["Stephen", "Hamadi"]),
      ("tiribe", ["Hamadi"]),
      ("chi minh", ["Bang"]),
      ("kenya hamadi", ["Hamadi"]),
      ("calves", []),
      ("", ["Marème", "Stephen", "Hamadi", "Tamaz", "Bang"]),
    ])
  func search(text: String, expected: [String]) {
    var collection = SampleLoans.collection
    collection.searchText = text
    #expect(names(collection) == expected)
  }

  @Test("sort orders by field and direction; ties keep the response's order")
  func sort() {
    var collection = SampleLoans.collection
    collection.sort = RecordSort(field: .amount, ascending: true)
    #expect(names(collection) == ["Hamadi", "Stephen", "Marème", "Bang", "Tamaz"])
    collection.sort = RecordSort(field: .country, ascending: true)
    #expect(names(collection) == ["Tamaz", "Stephen", "Hamadi", "Marème", "Bang"])
    collection.sort = RecordSort(field: .country, ascending: false)
    #expect(names(collection) == ["Bang", "Marème", "Stephen", "Hamadi", "Tamaz"])
    collection.sort = RecordSort(field: .name, ascending: true)
    #expect(names(collection) == ["Bang", "Hamadi", "Marème", "Stephen", "Tamaz"])
  }

  @Test("a kept order follows the filters and search, and a load starts afresh")
  func keptOrder() {
    var collection = SampleLoans.collection
    collection.sort = RecordSort(field: .country, ascending: false)
    #expect(names(collection) == ["Bang", "Marème", "Stephen", "Hamadi", "Tamaz"])
    collection.filters.maxAmount = 500
    #expect(names(collection) == ["Marème", "Stephen", "Hamadi"])
    collection.searchText = "kenya"
    #expect(names(collection) == ["Stephen", "Hamadi"])
    #expect(collection.viewCount == 2)
    // New records in a copy get an order of their own; the first keep theirs.
    var copy = collection
    copy.load(
      ["Zoe", "Ann"].enumerated().map { index, name in
        Loan(
          id: 100 + index, name: name, country: "Kenya", use: "x", amount: 100, sector: "Food",
          activity: "Farming")
      }, from: "test")
    copy.sort = RecordSort(field: .name, ascending: true)
    #expect(names(copy) == ["Ann", "Zoe"])
    #expect(names(collection) == ["Stephen", "Hamadi"])
  }

  @Test("a small view is sorted alone, a big one from the kept order: the same order")
  func smallAndBigViews() {
    let loans = (0..<100).map { index in
      Loan(
        id: index, name: "N\(index % 7)", country: "C", use: "x", amount: 100 - index % 3,
        sector: "Food", activity: "Farming")
    }
    let orders = SortOrders(records: loans)
    let sort = RecordSort(field: .name, ascending: false)
    let view = [3, 10, 17, 24, 50, 51, 52]
    let alone = orders.sorted(view, by: sort)
    #expect(alone.map { loans[$0].name } == ["N3", "N3", "N3", "N3", "N3", "N2", "N1"])
    #expect(alone.prefix(5) == [3, 10, 17, 24, 52])
    let all = orders.sorted(Array(0..<100), by: sort)
    #expect(orders.sorted(view, by: sort) == alone)
    #expect(all.filter(view.contains) == alone)
  }

  @Test("countries and sectors are distinct, most loans first")
  func distinctValues() {
    let collection = SampleLoans.collection
    #expect(collection.filterValues[.country] == ["Kenya", "Georgia", "Senegal", "Viet Nam"])
    #expect(collection.filterValues[.sector] == ["Food", "Agriculture", "Clothing", "Retail"])
  }
}
