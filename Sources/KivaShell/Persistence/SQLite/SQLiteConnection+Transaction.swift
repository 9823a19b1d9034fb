import CSQLite

extension SQLiteConnection {
  /// Runs `body` in a `BEGIN IMMEDIATE` transaction and commits what it did; rolls back
  /// if it throws or the commit fails.
  ///
  /// IMMEDIATE takes the write lock up front (waiting out the busy timeout), so two
  /// connections never both read, then both write on a stale read.
  func immediateTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try run("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try run("COMMIT")
      return result
    } catch {
      rollBack()
      throw error
    }
  }

  /// Ends the open transaction, if any, discarding its changes.
  private func rollBack() {
    guard sqlite3_get_autocommit(handle) == 0 else { return }
    _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
  }
}
