/// Recent searches: one row per collection and repeat key, newest `at` first, capped.
extension SQLiteUserDataStore {
  /// How many searches each collection keeps, as `MemoryUserDataStore` does.
  static let searchesKept = 100

  /// The key under which repeats of a search collapse: case- and diacritic-insensitive,
  /// exactly as `MemoryUserDataStore` and the search itself compare text.
  static func searchKey(_ text: String) -> String {
    text.folded
  }

  public func recentSearches(in collection: String, limit: Int) throws(StoreError) -> [String] {
    try read { () throws(SQLiteError) in
      try connection.rows(
        "SELECT text FROM searches WHERE collection = ? ORDER BY at DESC LIMIT ?",
        .text(collection), .integer(Int64(max(0, limit)))
      ) { $0.text(at: 0) }
    }
  }

  public func recordSearch(_ text: String, in collection: String) throws(StoreError) {
    try write { () throws(SQLiteError) in
      // Never older than the newest row, so order holds even if the clock steps back.
      let newest = try connection.real(
        "SELECT MAX(at) FROM searches WHERE collection = ?", .text(collection))
      let at = newest.map { Swift.max(Self.now, $0.nextUp) } ?? Self.now
      try connection.run(
        "INSERT OR REPLACE INTO searches (collection, text, folded, at) VALUES (?, ?, ?, ?)",
        .text(collection), .text(text), .text(Self.searchKey(text)), .real(at))
      try connection.run(
        """
        DELETE FROM searches WHERE collection = ? AND folded NOT IN (
          SELECT folded FROM searches WHERE collection = ? ORDER BY at DESC LIMIT ?)
        """,
        .text(collection), .text(collection), .integer(Int64(Self.searchesKept)))
    }
  }
}
