import CSQLite
import Foundation

/// One open SQLite database connection, closed when released.
///
/// Result codes are extended (`SQLITE_CORRUPT_INDEX`, `SQLITE_BUSY_SNAPSHOT`…); compare
/// `SQLiteError.primaryCode` for the family.
final class SQLiteConnection {
  /// The `sqlite3` handle, for statements prepared on this connection.
  let handle: OpaquePointer

  /// Opens the database file at `path`, reading and writing; `create` makes the file if
  /// it is missing. Opening reads nothing yet: a damaged file shows on the first query.
  init(path: String, create: Bool) throws(SQLiteError) {
    handle = try Self.open(
      path, flags: SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
  }

  /// Opens the database file at `path` for reading only; `immutable` reads it as a file
  /// nobody changes (no locks, no write-ahead log: for a file in a folder that cannot be
  /// written, where SQLite could not make the files it shares readers' locks through).
  init(readingOnly path: String, immutable: Bool) throws(SQLiteError) {
    // A URI, whose path escapes what a URI would read otherwise.
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    let uri = "file:\(escaped)?" + (immutable ? "immutable=1" : "mode=ro")
    handle = try Self.open(uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
  }

  /// A connection to `name` (a path, or a URI with `SQLITE_OPEN_URI`) opened with `flags`,
  /// its result codes extended; the error when SQLite refuses.
  private static func open(_ name: String, flags: Int32) throws(SQLiteError) -> OpaquePointer {
    var connection: OpaquePointer?
    let code = sqlite3_open_v2(name, &connection, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard code == SQLITE_OK, let connection else {
      let error = SQLiteError(code: code, handle: connection)
      sqlite3_close_v2(connection)
      throw error
    }
    sqlite3_extended_result_codes(connection, 1)
    return connection
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Waits up to `milliseconds` for another connection's lock before failing with BUSY.
  func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Whether closing this connection, when it is the last one, may write the
  /// write-ahead log back into the database file.
  func setCheckpointOnClose(_ enabled: Bool) throws(SQLiteError) {
    let code = csqlite_set_checkpoint_on_close(handle, enabled ? 1 : 0)
    guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: handle) }
  }

  /// Whether the database was opened read-only (e.g. the file is not writable).
  var isReadOnly: Bool {
    sqlite3_db_readonly(handle, "main") == 1
  }

  /// The rowid of the last row this connection inserted.
  var lastInsertedRowID: Int64 {
    sqlite3_last_insert_rowid(handle)
  }

  /// How many rows this connection's statements have inserted, updated or deleted.
  var totalChanges: Int64 {
    sqlite3_total_changes64(handle)
  }

  /// Compiles `sql` (one statement) for binding and stepping.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    try SQLiteStatement(sql: sql, connection: handle)
  }
}
