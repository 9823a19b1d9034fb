/// The Codable lab's models: one row per name, in the order first defined.
extension SQLiteUserDataStore {
  public func models() throws(StoreError) -> [SavedModel] {
    try read { () throws(SQLiteError) in
      try connection.rows("SELECT name, source FROM models ORDER BY position") { row in
        SavedModel(name: row.text(at: 0), source: row.text(at: 1))
      }
    }
  }

  public func saveModel(_ model: SavedModel) throws(StoreError) {
    try write { () throws(SQLiteError) in
      let position = try connection.integer(
        "SELECT position FROM models WHERE name = ?", .text(model.name))
      let next = try connection.integer("SELECT COALESCE(MAX(position), 0) + 1 FROM models") ?? 1
      try connection.run(
        "INSERT OR REPLACE INTO models (name, source, position) VALUES (?, ?, ?)",
        .text(model.name), .text(model.source), .integer(position ?? next))
    }
  }

  public func deleteModel(named name: String) throws(StoreError) {
    try write { () throws(SQLiteError) in
      try connection.run("DELETE FROM models WHERE name = ?", .text(name))
    }
  }
}
