import Testing

@testable import KivaShell

@Suite("Suggestions and vocabulary")
struct SuggestionsTests {
  let vocabulary = Vocabulary(SampleLoans.loans)

  @Test("values rank by how many loans carry them, then by field")
  func ranking() {
    let top = vocabulary.entries.prefix(3).map(\.text)
    #expect(top == ["Kenya", "Food", "Georgia"])
    #expect(vocabulary.entries.first { $0.text == "Kenya" }?.count == 2)
  }

  @Test("prefix matching folds case and accents; inner words come after")
  func prefix() {
    #expect(vocabulary.matches(prefix: "mare").map(\.text) == ["Marème"])
    #expect(vocabulary.matches(prefix: "KE").map(\.text) == ["Kenya"])
    #expect(
      vocabulary.matches(prefix: "food").map(\.text) == ["Food", "Food Market", "Food Stall"])
    #expect(vocabulary.matches(prefix: "alv").map(\.text) == ["Kvemo Alvani"])
    #expect(vocabulary.matches(prefix: "s").map(\.text).prefix(2) == ["Senegal", "Stephen"])
  }

  @Test("recent searches come first, without repeating a data value")
  func recentFirst() {
    var searches = RecentSearches()
    searches.record("kenya")
    searches.record("tiribe")
    let suggestions = Suggestions(
      prefix: "k", searches: searches, starters: [], vocabulary: vocabulary)
    #expect(suggestions.recent == ["kenya"])
    #expect(suggestions.popular == ["Kvemo Alvani"])
    #expect(suggestions.all == ["kenya", "Kvemo Alvani"])
  }

  @Test("with no prefix: recent searches, then the commonest countries and sectors")
  func starters() {
    var collection = SampleLoans.collection
    collection.recentSearches.record("food")
    let suggestions = collection.suggestions(prefix: "", limit: 3)
    #expect(suggestions.recent == ["food"])
    #expect(suggestions.popular == ["Kenya", "Georgia", "Senegal"])
  }

  @Test("with filters active, data values come from the records that pass them")
  func withinFilters() {
    var collection = SampleLoans.collection
    #expect(collection.suggestions(prefix: "f").popular == ["Food", "Food Market", "Food Stall"])
    collection.filters.values[.country] = "kenya"
    #expect(collection.suggestions(prefix: "f").popular == ["Food", "Food Market"])
    #expect(collection.suggestions(prefix: "s").popular == ["Stephen"])
    collection.filters.maxAmount = 200
    #expect(collection.suggestions(prefix: "s").popular == [])
    #expect(collection.suggestions(prefix: "h").popular == ["Hamadi"])
    collection.filters = RecordFilters(favoritesOnly: true)
    #expect(collection.suggestions(prefix: "t").popular == [])
    collection.favoriteOverrides["4"] = true
    #expect(collection.suggestions(prefix: "t").popular == ["Tamaz"])
    collection.filters = RecordFilters()
    #expect(collection.suggestions(prefix: "t").popular == ["Tailoring", "Tamaz", "Tiribe"])
  }

  @Test("recent searches: most recent first, folded duplicates replaced, capped")
  func recentSearches() {
    var searches = RecentSearches()
    searches.record("Kenya")
    searches.record("thai")
    searches.record("KENYA")
    #expect(searches.items == ["KENYA", "thai"])
    for index in 0..<30 { searches.record("q\(index)") }
    #expect(searches.items.count == RecentSearches.capacity)
    #expect(searches.items.first == "q29")
  }
}
