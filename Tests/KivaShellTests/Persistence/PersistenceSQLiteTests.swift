import Foundation
import Synchronization
import Testing

@testable import KivaShell

/// What only the SQLite store does: keep data across opens and share it between
/// connections and processes.
@Suite("SQLite user-data store")
struct PersistenceSQLiteTests {
  @Test("everything written is there when the file is opened again")
  func persists() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    do {
      let store = try SQLiteUserDataStore.open(at: file)
      try store.setFavorite(true, id: "1005", in: "landmarks")
      _ = try store.addCategory(name: "Bins", icon: "folder")
      try store.renameCategory(id: 1, to: "Gadgets")
      try store.deleteCategory(id: 2)
      try store.recordSearch("lake", in: "landmarks")
    }
    let reopened = try SQLiteUserDataStore.open(at: file)
    #expect(try reopened.favoriteStates(in: "landmarks") == ["1005": true])
    let names = try reopened.categories().map(\.name)
    #expect(names == ["Gadgets", "Books", "Kitchen", "Tools", "Garden", "Toys", "Sports", "Bins"])
    #expect(try reopened.recentSearches(in: "landmarks", limit: 5) == ["lake"])
  }

  @Test("a new file gets private folders, WAL, and the latest schema version")
  func newFile() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("data/kivash/\(UserDataLocation.fileName)")
    let store = try SQLiteUserDataStore.open(at: file)
    for directory in ["data", "data/kivash"] {
      #expect(try permissions(folder.file(directory)) == 0o700)
    }
    #expect(try permissions(file) == 0o600)
    #expect(try store.connection.texts("PRAGMA journal_mode") == ["wal"])
    #expect(try store.connection.integer("PRAGMA user_version") == UserDataSchema.latestVersion)
    #expect(try store.connection.integer("PRAGMA foreign_keys") == 1)
    #expect(try store.connection.integer("PRAGMA busy_timeout") == 5000)
  }

  @Test("a version 1 database is migrated to the latest version, keeping its data")
  func migratesVersion1() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    do {
      let connection = try SQLiteConnection(path: file.path, create: true)
      try UserDataSchema.migrations[0].apply(connection)
      try connection.run("PRAGMA user_version = 1")
      try connection.run(
        "INSERT INTO favorites (collection, item_id, is_favorite, updated_at) VALUES "
          + "('landmarks', '1002', 1, 0)")
    }
    let store = try SQLiteUserDataStore.open(at: file)
    #expect(try store.connection.integer("PRAGMA user_version") == UserDataSchema.latestVersion)
    #expect(try store.favoriteStates(in: "landmarks") == ["1002": true])
    try store.saveModel(SavedModel(name: "Flat", source: "model Flat { name: String }"))
    #expect(try store.models().map(\.name) == ["Flat"])
  }

  @Test("two connections see each other's commits, and the change stamp moves")
  func twoConnections() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    let first = try SQLiteUserDataStore.open(at: file)
    let second = try SQLiteUserDataStore.open(at: file)

    var seen = try second.changeStamp()
    try first.setFavorite(true, id: "1006", in: "landmarks")
    #expect(try second.favoriteStates(in: "landmarks") == ["1006": true])
    #expect(try second.changeStamp() != seen)

    seen = try first.changeStamp()
    let bins = try second.addCategory(name: "Bins", icon: "folder")
    #expect(try first.changeStamp() != seen)
    #expect(try first.categories().last == bins)
    #expect(throws: StoreError.duplicateName("BINS", existing: "Bins")) {
      try first.addCategory(name: "BINS", icon: "folder")
    }
    try first.deleteCategory(id: bins.id)
    #expect(throws: StoreError.unknownCategory(bins.id)) {
      try second.renameCategory(id: bins.id, to: "Boxes")
    }

    seen = try second.changeStamp()
    try first.recordSearch("lake", in: "landmarks")
    #expect(try second.recentSearches(in: "landmarks", limit: 5) == ["lake"])
    #expect(try second.changeStamp() != seen)
    #expect(try second.changeStamp() == second.changeStamp())
  }

  @Test("processes opening a new file at once all succeed and it is migrated once")
  func concurrentFirstOpens() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("new/\(UserDataLocation.fileName)")
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      do {
        let store = try SQLiteUserDataStore.open(at: file)
        _ = try store.addCategory(name: "Bin\(index)", icon: "folder")
        try store.setFavorite(true, id: "\(index)", in: "landmarks")
      } catch {
        failures.withLock { $0.append("\(index): \(error)") }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    let store = try SQLiteUserDataStore.open(at: file)
    let names = try store.categories().map(\.name)
    #expect(Array(names.prefix(Category.presets.count)) == Category.presets.map(\.name))
    #expect(Set(names.dropFirst(Category.presets.count)) == ["Bin0", "Bin1", "Bin2", "Bin3"])
    #expect(try store.favoriteStates(in: "landmarks").count == 4)
  }

  @Test("opening a new file while another connection writes it waits, then switches to WAL")
  func openWhileAnotherWrites() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    // Another connection (another shell starting up) holds the write lock of the new file.
    // The switch to WAL upgrades a read lock to a write lock, and SQLite reports that busy
    // at once instead of calling the busy handler: two shells started together on a new
    // data directory once left one of them without saving ("database is locked").
    let writer = try SQLiteConnection(path: file.path, create: true)
    try writer.run("BEGIN IMMEDIATE")
    // The opener meets the lock, and instead of waiting, this lets it go: had the opener
    // given up at once, it would never have paused, and the journal would not be WAL.
    var pauses = 0
    let store = try SQLiteUserDataStore.open(at: file) { _ in
      pauses += 1
      if pauses == 1 { try? writer.run("COMMIT") }
    }
    #expect(pauses == 1)
    #expect(try store.connection.texts("PRAGMA journal_mode").joined() == "wal")
  }

  /// The permission bits of the file or folder at `url`.
  private func permissions(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}
