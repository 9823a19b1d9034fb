import Foundation
import Testing

@testable import KivaShell

/// A database kivash cannot write is read into memory, so the user's data shows as saved.
@Suite("A database that can only be read")
struct ReadOnlyUserDataTests {
  private static func refuseWriting(_ url: URL) throws(StoreError) -> UserDataStore {
    throw .failed("permission denied")
  }

  @Test("what it holds is read into memory, with a warning that changes are not saved")
  func readIntoMemory() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    do {
      let store = try SQLiteUserDataStore.open(at: file)
      _ = try store.addCategory(name: "Pets", icon: "pawprint")
      try store.deleteCategory(id: 1)
      try store.setFavorite(true, id: "1002", in: "landmarks")
      try store.setFavorite(false, id: "1001", in: "landmarks")
      try store.recordSearch("kenya", in: "loans")
      try store.recordSearch("thai", in: "loans")
      try store.saveModel(SavedModel(name: "P", source: "model P { a: Int }"))
      store.settle()
    }
    let (store, warning) = UserDataStores.open(at: file, openForWriting: Self.refuseWriting)
    #expect(store is MemoryUserDataStore)
    #expect(
      warning
        == "can't write '\(file.path)': permission denied; your favourites, categories, searches and models are read from it, but changes will not be saved this run"
    )
    let categories = try store.categories()
    #expect(categories.map(\.name).first == "Clothing")
    #expect(categories.last == Category(id: 9, name: "Pets", icon: "pawprint"))
    #expect(try store.favoriteStates(in: "landmarks") == ["1002": true, "1001": false])
    #expect(try store.recentSearches(in: "loans", limit: 10) == ["thai", "kenya"])
    #expect(try store.models() == [SavedModel(name: "P", source: "model P { a: Int }")])
    // Changes go on in memory: a new category takes the next id.
    #expect(try store.addCategory(name: "Birds", icon: "bird").id == 10)
  }

  @Test("a file that cannot be read either gives an empty store and the usual warning")
  func unreadable() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    try PersistenceDamageTests.garbage.write(to: file)
    let (store, warning) = UserDataStores.open(at: file, openForWriting: Self.refuseWriting)
    #expect(try store.categories().count == Category.presets.count)
    #expect(
      warning
        == "can't open '\(file.path)': permission denied; favourites, categories, searches and models will not be saved this run"
    )
    let missing = folder.file("missing.sqlite3")
    let (empty, _) = UserDataStores.open(at: missing, openForWriting: Self.refuseWriting)
    #expect(try empty.categories().count == Category.presets.count)
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }
}
