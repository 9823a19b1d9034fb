import Foundation

/// The user's data in an SQLite database file, shared safely by shells open at the same
/// time: every change is one `BEGIN IMMEDIATE` transaction, committed before the method
/// returns, and reads see every commit. Behaves exactly like `MemoryUserDataStore`.
public final class SQLiteUserDataStore: UserDataStore {
  /// The open, checked and migrated connection.
  let connection: SQLiteConnection
  /// How many of this store's transactions changed rows: its own commits don't move
  /// `PRAGMA data_version`, which only counts other connections'.
  private var ownCommits: Int64 = 0
  /// Whether opening the store wrote to it (a new file's schema and built-in categories).
  private let setUpNow: Bool

  init(connection: SQLiteConnection, setUpNow: Bool = false) {
    self.connection = connection
    self.setUpNow = setUpNow
  }

  /// Opens (creating if missing) the database at `fileURL`: parent folders are made
  /// private (0700), the file is checked before anything is written to it, switched to WAL
  /// and migrated. A file that is not a database, is damaged, unreadable, a directory,
  /// or from a newer kivash is left untouched and reported as `.failed`.
  public static func open(at fileURL: URL) throws(StoreError) -> SQLiteUserDataStore {
    try open(at: fileURL, pause: DatabaseSetup.sleep)
  }

  /// `open(at:)`, with `pause` waiting while another connection holds the new file's lock.
  static func open(at fileURL: URL, pause: (Duration) -> Void) throws(StoreError)
    -> SQLiteUserDataStore
  {
    try DatabaseFile.prepare(at: fileURL)
    do {
      let connection = try SQLiteConnection(path: fileURL.path, create: false)
      let changesBefore = connection.totalChanges
      try DatabaseSetup.prepare(connection, pause: pause)
      return SQLiteUserDataStore(
        connection: connection, setUpNow: connection.totalChanges != changesBefore)
    } catch {
      throw StoreError(error)
    }
  }

  public func favoriteStates(in collection: String) throws(StoreError) -> [String: Bool] {
    let rows = try read { () throws(SQLiteError) in
      try connection.rows(
        "SELECT item_id, is_favorite FROM favorites WHERE collection = ?", .text(collection)
      ) { ($0.text(at: 0), $0.int64(at: 1) != 0) }
    }
    return Dictionary(rows) { _, last in last }
  }

  public func setFavorite(_ isFavorite: Bool, id: String, in collection: String) throws(StoreError)
  {
    try write { () throws(SQLiteError) in
      try connection.run(
        """
        INSERT INTO favorites (collection, item_id, is_favorite, updated_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (collection, item_id)
        DO UPDATE SET is_favorite = excluded.is_favorite, updated_at = excluded.updated_at
        """,
        .text(collection), .text(id), .integer(isFavorite ? 1 : 0), .real(Self.now))
    }
  }

  public func changeStamp() throws(StoreError) -> Int64 {
    let dataVersion = try read { () throws(SQLiteError) in
      try connection.integer("PRAGMA data_version") ?? 0
    }
    return dataVersion &+ ownCommits
  }

  /// Writes the log back into the database file when this run committed anything
  /// (closing the connection would, but the shell keeps it open to the end). PASSIVE:
  /// another shell reading at the time is not waited for, and its pages are written by a
  /// later checkpoint.
  public func settle() {
    guard ownCommits > 0 || setUpNow else { return }
    _ = try? connection.texts("PRAGMA wal_checkpoint(PASSIVE)")
  }

  /// Runs `body` as one committed write transaction, reporting failures as `.failed`.
  func write<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
    do {
      let changesBefore = connection.totalChanges
      let result = try connection.immediateTransaction(body)
      if connection.totalChanges != changesBefore {
        ownCommits += 1
      }
      return result
    } catch {
      throw StoreError(error)
    }
  }

  /// Runs the reads in `body`, reporting failures as `.failed`.
  func read<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
    do {
      return try body()
    } catch {
      throw StoreError(error)
    }
  }

  /// Seconds since 1970, for the `updated_at` and `at` columns.
  static var now: Double { Date().timeIntervalSince1970 }
}
