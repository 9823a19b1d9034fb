import CSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// Readies a freshly opened connection: settings, a read-only health check, then
/// the WAL switch and migrations. Nothing is written until the checks pass.
enum DatabaseSetup {
  /// How long a connection waits for another's lock before reporting the database busy.
  static let busyTimeoutMilliseconds: Int32 = 5000

  /// Checks that the database is sound and not newer than this code, then switches it to
  /// WAL (where the file system allows; rollback journaling is correct too, only slower
  /// for concurrent readers), turns foreign keys on and migrates it to the latest schema.
  ///
  /// `pause` waits between tries of the WAL switch while another connection holds the
  /// lock (tests pass one that lets the lock go).
  static func prepare(
    _ connection: SQLiteConnection, pause: (Duration) -> Void = DatabaseSetup.sleep
  ) throws(SQLiteError) {
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    // Until the file proves sound, closing must not write the log back into it.
    try connection.setCheckpointOnClose(false)
    try verify(connection)
    try switchToWAL(connection, pause: pause)
    try connection.run("PRAGMA foreign_keys = ON")
    try UserDataSchema.migrate(connection)
    try connection.setCheckpointOnClose(true)
  }

  /// `PRAGMA journal_mode = WAL` on a new file upgrades its read lock to a write lock, and
  /// SQLite answers SQLITE_BUSY at once for that rather than calling the busy handler (waiting
  /// could deadlock). Two shells started together on a new data directory meet exactly
  /// there, so the switch is retried until the busy timeout; if the file is still busy then,
  /// the connection carries on in rollback mode, which is correct (and becomes WAL at its
  /// next transaction if the other connection's switch went through).
  private static func switchToWAL(_ connection: SQLiteConnection, pause wait: (Duration) -> Void)
    throws(SQLiteError)
  {
    let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeoutMilliseconds))
    var pause = Duration.milliseconds(1)
    while true {
      do {
        _ = try connection.texts("PRAGMA journal_mode = WAL")
        return
      } catch  where error.primaryCode == SQLITE_BUSY {
        guard ContinuousClock.now + pause < deadline else { return }
        wait(pause)
        pause = min(pause * 2, .milliseconds(50))
      }
    }
  }

  /// Blocks the calling thread for `duration` (the store is synchronous).
  static func sleep(_ duration: Duration) {
    let microseconds = duration / .microseconds(1)
    usleep(useconds_t(max(0, microseconds)))
  }

  /// Reads the database without writing (query_only): the first read fails on a file that
  /// is not a database, quick_check finds damage, and a newer schema is refused.
  private static func verify(_ connection: SQLiteConnection) throws(SQLiteError) {
    guard !connection.isReadOnly else {
      throw SQLiteError(code: SQLITE_READONLY, message: "the file is read-only")
    }
    try connection.run("PRAGMA query_only = ON")
    try checkSound(connection)
    try connection.run("PRAGMA query_only = OFF")
  }

  /// Throws unless the database is undamaged and of this code's schema or an older one.
  static func checkSound(_ connection: SQLiteConnection) throws(SQLiteError) {
    let problems = try connection.texts("PRAGMA quick_check")
    guard problems == ["ok"] else {
      throw SQLiteError(code: SQLITE_CORRUPT, message: damageReport(problems))
    }
    let version = try connection.integer("PRAGMA user_version") ?? 0
    guard version <= UserDataSchema.latestVersion else { throw UserDataSchema.tooNew(version) }
  }

  /// quick_check's first problem on one line, without its "*** in database main ***".
  private static func damageReport(_ problems: [String]) -> String {
    let lines = (problems.first ?? "").split(whereSeparator: \.isNewline)
    let detail = lines.filter { !$0.hasPrefix("***") }.joined(separator: "; ")
    return "the database is damaged (\(detail.isEmpty ? "quick_check failed" : detail))"
  }
}
