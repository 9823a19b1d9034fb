/// Categories: kept in `position` order, names unique after `String.folded`, checked
/// inside the same write transaction as the change.
extension SQLiteUserDataStore {
  public func categories() throws(StoreError) -> [Category] {
    try read { () throws(SQLiteError) in
      try Self.allCategories(connection)
    }
  }

  public func addCategory(name: String, icon: String) throws(StoreError) -> Category {
    let outcome = try write { () throws(SQLiteError) -> Result<Category, StoreError> in
      if let existing = try Self.category(named: name, exceptID: nil, connection) {
        return .failure(.duplicateName(name, existing: existing))
      }
      try connection.run(
        """
        INSERT INTO categories (name, icon, position)
        VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM categories))
        """,
        .text(name), .text(icon))
      return .success(Category(id: connection.lastInsertedRowID, name: name, icon: icon))
    }
    return try outcome.get()
  }

  public func renameCategory(id: Int64, to name: String) throws(StoreError) {
    let outcome = try write { () throws(SQLiteError) -> Result<Void, StoreError> in
      guard try Self.exists(id, connection) else { return .failure(.unknownCategory(id)) }
      if let existing = try Self.category(named: name, exceptID: id, connection) {
        return .failure(.duplicateName(name, existing: existing))
      }
      try connection.run("UPDATE categories SET name = ? WHERE id = ?", .text(name), .integer(id))
      return .success(())
    }
    try outcome.get()
  }

  public func deleteCategory(id: Int64) throws(StoreError) {
    let outcome = try write { () throws(SQLiteError) -> Result<Void, StoreError> in
      guard try Self.exists(id, connection) else { return .failure(.unknownCategory(id)) }
      try connection.run("DELETE FROM categories WHERE id = ?", .integer(id))
      return .success(())
    }
    try outcome.get()
  }

  private static func allCategories(_ connection: SQLiteConnection) throws(SQLiteError)
    -> [Category]
  {
    try connection.rows("SELECT id, name, icon FROM categories ORDER BY position, id") {
      Category(id: $0.int64(at: 0), name: $0.text(at: 1), icon: $0.text(at: 2))
    }
  }

  private static func exists(_ id: Int64, _ connection: SQLiteConnection) throws(SQLiteError)
    -> Bool
  {
    try connection.integer("SELECT 1 FROM categories WHERE id = ?", .integer(id)) != nil
  }

  /// The name of a category other than `exceptID` that has `name`, ignoring case,
  /// accents and apostrophes (SQLite's NOCASE only folds ASCII, so the comparison is done
  /// here); nil when there is none.
  private static func category(
    named name: String, exceptID: Int64?, _ connection: SQLiteConnection
  ) throws(SQLiteError) -> String? {
    let folded = name.folded
    let others = try connection.rows("SELECT id, name FROM categories") {
      (id: $0.int64(at: 0), name: $0.text(at: 1))
    }
    return others.first { $0.id != exceptID && $0.name.folded == folded }?.name
  }
}
