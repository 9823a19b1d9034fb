import CSQLite

/// The database's tables, versioned by `PRAGMA user_version` and built by migrations
/// applied in order.
enum UserDataSchema {
  /// One step: brings a database at `version - 1` to `version`.
  struct Migration: Sendable {
    let version: Int64
    let apply: @Sendable (SQLiteConnection) throws(SQLiteError) -> Void
  }

  /// Every migration, oldest first; append, never edit, once released.
  static let migrations: [Migration] = [
    Migration(version: 1, apply: createVersion1),
    Migration(version: 2, apply: createVersion2),
  ]

  /// The version this code writes and understands.
  static var latestVersion: Int64 { migrations.last?.version ?? 0 }

  /// The error for a database written by a newer kivash, which this one must not touch.
  static func tooNew(_ version: Int64) -> SQLiteError {
    SQLiteError(
      code: SQLITE_ERROR,
      message: "its schema version \(version) is newer than this kivash knows (\(latestVersion))")
  }

  /// Applies the migrations the database lacks, all in one IMMEDIATE transaction so that
  /// two processes opening a new file at once don't both migrate it.
  static func migrate(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.immediateTransaction { () throws(SQLiteError) in
      let current = try connection.integer("PRAGMA user_version") ?? 0
      guard current <= latestVersion else { throw tooNew(current) }
      for migration in migrations where migration.version > current {
        try migration.apply(connection)
      }
      if current < latestVersion {
        try connection.run("PRAGMA user_version = \(latestVersion)")
      }
    }
  }

  /// Version 2: the models defined at the prompt in the Codable lab, as their source.
  @Sendable
  private static func createVersion2(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.run(
      """
      CREATE TABLE models (
        name TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        position INTEGER NOT NULL
      )
      """)
  }

  /// Version 1: favourites, categories (seeded with the presets, in order) and searches.
  ///
  /// Category names are unique ignoring ASCII case (NOCASE); the store also checks
  /// `String.folded`, which covers all of Unicode and diacritics. AUTOINCREMENT keeps a
  /// deleted category's id from being given to a new one.
  @Sendable
  private static func createVersion1(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.run(
      """
      CREATE TABLE favorites (
        collection TEXT NOT NULL,
        item_id TEXT NOT NULL,
        is_favorite INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (collection, item_id)
      )
      """)
    try connection.run(
      """
      CREATE TABLE categories (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        icon TEXT NOT NULL,
        position INTEGER NOT NULL
      )
      """)
    try connection.run(
      """
      CREATE TABLE searches (
        collection TEXT NOT NULL,
        text TEXT NOT NULL,
        folded TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (collection, folded)
      )
      """)
    for (index, preset) in Category.presets.enumerated() {
      try connection.run(
        "INSERT INTO categories (name, icon, position) VALUES (?, ?, ?)",
        .text(preset.name), .text(preset.icon), .integer(Int64(index + 1)))
    }
  }
}
