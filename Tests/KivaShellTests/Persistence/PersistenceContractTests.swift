import Foundation
import Testing

@testable import KivaShell

/// What every `UserDataStore` must do, run against the in-memory and the SQLite store.
@Suite("UserDataStore contract")
struct PersistenceContractTests {
  static let presetNames = Category.presets.map(\.name)

  @Test("favourites are set, unset and overwritten per collection", arguments: StoreKind.allCases)
  func favourites(kind: StoreKind) throws {
    try kind.withStore { store in
      #expect(try store.favoriteStates(in: "landmarks").isEmpty)
      try store.setFavorite(true, id: "1005", in: "landmarks")
      try store.setFavorite(false, id: "1001", in: "landmarks")
      try store.setFavorite(true, id: "1001", in: "restaurants")
      #expect(try store.favoriteStates(in: "landmarks") == ["1005": true, "1001": false])
      try store.setFavorite(false, id: "1005", in: "landmarks")
      try store.setFavorite(false, id: "1005", in: "landmarks")
      #expect(try store.favoriteStates(in: "landmarks") == ["1005": false, "1001": false])
      #expect(try store.favoriteStates(in: "restaurants") == ["1001": true])
      #expect(try store.favoriteStates(in: "loans").isEmpty)
    }
  }

  @Test("models are saved by name, replaced in place, and deleted", arguments: StoreKind.allCases)
  func models(kind: StoreKind) throws {
    try kind.withStore { store in
      #expect(try store.models().isEmpty)
      let first = SavedModel(name: "Flat", source: "model Flat { name: String }")
      let second = SavedModel(name: "Pair", source: "model Pair { a: Int; b: Int }")
      try store.saveModel(first)
      try store.saveModel(second)
      let changed = SavedModel(name: "Flat", source: "model Flat { name: String; use: String }")
      try store.saveModel(changed)
      #expect(try store.models() == [changed, second])
      try store.deleteModel(named: "Flat")
      try store.deleteModel(named: "Nothing")
      #expect(try store.models() == [second])
    }
  }

  @Test("categories start as the presets, in order, with ids 1…", arguments: StoreKind.allCases)
  func presets(kind: StoreKind) throws {
    try kind.withStore { store in
      let categories = try store.categories()
      #expect(categories.map(\.name) == Self.presetNames)
      #expect(categories.map(\.icon) == Category.presets.map(\.icon))
      #expect(categories.map(\.id) == Array(1...Int64(Category.presets.count)))
    }
  }

  @Test("an added category goes at the end with its icon", arguments: StoreKind.allCases)
  func add(kind: StoreKind) throws {
    try kind.withStore { store in
      let bins = try store.addCategory(name: "Bins", icon: Category.defaultIcon)
      let lamps = try store.addCategory(name: "Lamps", icon: "lightbulb")
      #expect(bins.name == "Bins" && bins.icon == "folder")
      #expect(lamps.id != bins.id)
      let categories = try store.categories()
      #expect(categories.map(\.name) == Self.presetNames + ["Bins", "Lamps"])
      #expect(Array(categories.suffix(2)) == [bins, lamps])
    }
  }

  @Test(
    "a name that exists ignoring case and diacritics is refused, changing nothing",
    arguments: StoreKind.allCases)
  func duplicateAdd(kind: StoreKind) throws {
    try kind.withStore { store in
      _ = try store.addCategory(name: "Café", icon: "cup.and.saucer")
      let before = try store.categories()
      let stamp = try store.changeStamp()
      let existing = [
        "electronics": "Electronics", "ÉLECTRONICS": "Electronics", "Électronics": "Electronics",
        "BOOKS": "Books", "cafe": "Café", "CAFÉ": "Café",
      ]
      for (name, existing) in existing {
        #expect(throws: StoreError.duplicateName(name, existing: existing)) {
          try store.addCategory(name: name, icon: "folder")
        }
      }
      #expect(try store.categories() == before)
      #expect(try store.changeStamp() == stamp)
    }
  }

  @Test(
    "renaming keeps id and place; its own name in another case is allowed",
    arguments: StoreKind.allCases)
  func rename(kind: StoreKind) throws {
    try kind.withStore { store in
      try store.renameCategory(id: 1, to: "ELECTRONICS")
      try store.renameCategory(id: 3, to: "Novels")
      let categories = try store.categories()
      #expect(categories[0] == Category(id: 1, name: "ELECTRONICS", icon: "desktopcomputer"))
      #expect(categories[2] == Category(id: 3, name: "Novels", icon: "book"))
      // The old name is free again.
      #expect(try store.addCategory(name: "books", icon: "folder").name == "books")
    }
  }

  @Test(
    "renaming to another category's name fails and changes nothing",
    arguments: StoreKind.allCases)
  func duplicateRename(kind: StoreKind) throws {
    try kind.withStore { store in
      let before = try store.categories()
      let stamp = try store.changeStamp()
      #expect(throws: StoreError.duplicateName("clothing", existing: "Clothing")) {
        try store.renameCategory(id: 1, to: "clothing")
      }
      #expect(throws: StoreError.duplicateName("Tóys", existing: "Toys")) {
        try store.renameCategory(id: 2, to: "Tóys")
      }
      #expect(try store.categories() == before)
      #expect(try store.changeStamp() == stamp)
    }
  }

  @Test(
    "deleting removes one category and keeps the others' order",
    arguments: StoreKind.allCases)
  func delete(kind: StoreKind) throws {
    try kind.withStore { store in
      try store.deleteCategory(id: 3)
      var expected = Self.presetNames
      expected.remove(at: 2)
      #expect(try store.categories().map(\.name) == expected)
      let books = try store.addCategory(name: "Books", icon: "book")
      #expect(try store.categories().map(\.name) == expected + ["Books"])
      #expect(books.id != 3)
    }
  }

  @Test("a deleted category's id is never given to a new one", arguments: StoreKind.allCases)
  func idsNotReused(kind: StoreKind) throws {
    try kind.withStore { store in
      let first = try store.addCategory(name: "Bins", icon: "folder")
      try store.deleteCategory(id: first.id)
      let second = try store.addCategory(name: "Bins", icon: "folder")
      #expect(second.id > first.id)
    }
  }

  @Test("an unknown id is an error for rename and delete", arguments: StoreKind.allCases)
  func unknownID(kind: StoreKind) throws {
    try kind.withStore { store in
      try store.deleteCategory(id: 4)
      #expect(throws: StoreError.unknownCategory(4)) { try store.deleteCategory(id: 4) }
      #expect(throws: StoreError.unknownCategory(4)) { try store.renameCategory(id: 4, to: "Pans") }
      // Gone is reported before a clashing name.
      #expect(throws: StoreError.unknownCategory(99)) {
        try store.renameCategory(id: 99, to: "Books")
      }
      #expect(try store.categories().count == Category.presets.count - 1)
    }
  }

  @Test(
    "searches: newest first, repeats ignoring case moved to the front, per collection",
    arguments: StoreKind.allCases)
  func searches(kind: StoreKind) throws {
    try kind.withStore { store in
      #expect(try store.recentSearches(in: "loans", limit: 10).isEmpty)
      for text in ["kenya", "Marème", "food", "KENYA"] {
        try store.recordSearch(text, in: "loans")
      }
      try store.recordSearch("lake", in: "landmarks")
      #expect(try store.recentSearches(in: "loans", limit: 10) == ["KENYA", "food", "Marème"])
      #expect(try store.recentSearches(in: "loans", limit: 2) == ["KENYA", "food"])
      #expect(try store.recentSearches(in: "loans", limit: 0).isEmpty)
      #expect(try store.recentSearches(in: "landmarks", limit: 10) == ["lake"])
      #expect(try store.recentSearches(in: "restaurants", limit: 10).isEmpty)
    }
  }

  @Test("each collection keeps its 100 most recent searches", arguments: StoreKind.allCases)
  func searchCap(kind: StoreKind) throws {
    try kind.withStore { store in
      for number in 0..<105 {
        try store.recordSearch("q\(number)", in: "loans")
      }
      try store.recordSearch("lake", in: "landmarks")
      let kept = try store.recentSearches(in: "loans", limit: 1000)
      #expect(kept == (5..<105).reversed().map { "q\($0)" })
      try store.recordSearch("q5", in: "loans")
      #expect(try store.recentSearches(in: "loans", limit: 2) == ["q5", "q104"])
      #expect(try store.recentSearches(in: "loans", limit: 1000).count == 100)
      #expect(try store.recentSearches(in: "landmarks", limit: 10) == ["lake"])
    }
  }

  @Test(
    "the change stamp moves after every write and stays put across reads",
    arguments: StoreKind.allCases)
  func changeStamp(kind: StoreKind) throws {
    try kind.withStore { store in
      var stamps: [Int64] = [try store.changeStamp()]
      _ = try store.favoriteStates(in: "landmarks")
      _ = try store.categories()
      _ = try store.recentSearches(in: "loans", limit: 5)
      #expect(try store.changeStamp() == stamps[0])
      let writes: [() throws -> Void] = [
        { try store.setFavorite(true, id: "1002", in: "landmarks") },
        { _ = try store.addCategory(name: "Bins", icon: "folder") },
        { try store.renameCategory(id: 1, to: "Gadgets") },
        { try store.deleteCategory(id: 2) },
        { try store.recordSearch("lake", in: "landmarks") },
      ]
      for write in writes {
        try write()
        let stamp = try store.changeStamp()
        #expect(!stamps.contains(stamp))
        stamps.append(stamp)
      }
    }
  }

  @Test("both stores give the same answers to the same mixed script")
  func storesAgree() throws {
    let memory = MemoryUserDataStore()
    let folder = try TemporaryDirectory()
    let sqlite = try SQLiteUserDataStore.open(at: folder.file(UserDataLocation.fileName))
    #expect(try Self.transcript(of: memory) == Self.transcript(of: sqlite))
  }

  /// Runs a fixed mix of changes on `store`, noting every answer and error.
  static func transcript(of store: UserDataStore) throws -> [String] {
    var lines: [String] = []
    func note(_ step: () throws -> String) {
      do { lines.append(try step()) } catch { lines.append("error \(error)") }
    }
    let names = ["Straße", "STRASSE", "Ünits", "units", "Garden", "garden ", "İstanbul", "ﬁsh"]
    for name in names {
      note { "\(try store.addCategory(name: name, icon: "folder"))" }
    }
    for (id, name) in [(9, "Units"), (2, "Ünits"), (6, "GARDEN"), (40, "x"), (11, "Straße")] {
      note {
        try store.renameCategory(id: Int64(id), to: name); return "renamed"
      }
    }
    note {
      try store.deleteCategory(id: 5); return "deleted"
    }
    note {
      try store.deleteCategory(id: 5); return "deleted"
    }
    note { "\(try store.categories())" }
    for text in ["Marème", "mareme", "MARÈME", "Straße", "STRASSE", "Ünits", "ünits"] {
      note {
        try store.recordSearch(text, in: "loans"); return "recorded"
      }
    }
    note { "\(try store.recentSearches(in: "loans", limit: 50))" }
    return lines
  }
}
