import CSQLite

/// Readies a freshly opened connection: settings, a read-only health check, then
/// the WAL switch and migrations. Nothing is written until the checks pass.
enum DatabaseSetup {
  /// How long a connection waits for another's lock before reporting the database busy.
  static let busyTimeoutMilliseconds: Int32 = 5000

  /// Checks that the database is sound and not newer than this code, then switches it to
  /// WAL (where the file system allows; rollback journaling is correct too, only slower
  /// for concurrent readers), turns foreign keys on and migrates it to the latest schema.
  static func prepare(_ connection: SQLiteConnection) throws(SQLiteError) {
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    // Until the file proves sound, closing must not write the log back into it.
    try connection.setCheckpointOnClose(false)
    try verify(connection)
    _ = try connection.texts("PRAGMA journal_mode = WAL")
    try connection.run("PRAGMA foreign_keys = ON")
    try UserDataSchema.migrate(connection)
    try connection.setCheckpointOnClose(true)
  }

  /// Reads the database without writing (query_only): the first read fails on a file that
  /// is not a database, quick_check finds damage, and a newer schema is refused.
  private static func verify(_ connection: SQLiteConnection) throws(SQLiteError) {
    guard !connection.isReadOnly else {
      throw SQLiteError(code: SQLITE_READONLY, message: "the file is read-only")
    }
    try connection.run("PRAGMA query_only = ON")
    let problems = try connection.texts("PRAGMA quick_check")
    guard problems == ["ok"] else {
      throw SQLiteError(code: SQLITE_CORRUPT, message: damageReport(problems))
    }
    let version = try connection.integer("PRAGMA user_version") ?? 0
    guard version <= UserDataSchema.latestVersion else { throw UserDataSchema.tooNew(version) }
    try connection.run("PRAGMA query_only = OFF")
  }

  /// quick_check's first problem on one line, without its "*** in database main ***".
  private static func damageReport(_ problems: [String]) -> String {
    let lines = (problems.first ?? "").split(whereSeparator: \.isNewline)
    let detail = lines.filter { !$0.hasPrefix("***") }.joined(separator: "; ")
    return "the database is damaged (\(detail.isEmpty ? "quick_check failed" : detail))"
  }
}
