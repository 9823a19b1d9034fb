import CSQLite

/// A prepared statement: bind parameters, step through rows, read typed columns.
/// Finalized when released.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: OpaquePointer

  /// Compiles the single statement `sql` on `connection`.
  init(sql: String, connection: OpaquePointer) throws(SQLiteError) {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteError(code: code, handle: connection)
    }
    handle = statement
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to parameters 1, 2, … in order.
  func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds `value` to the parameter at 1-based `index`.
  func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
    let code: Int32
    switch value {
    case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
    case .real(let number): code = sqlite3_bind_double(handle, index, number)
    case .text(let text):
      // Never empty (it ends in NUL), so the pointer is never nil, which would bind NULL;
      // the explicit length keeps any NUL inside the text.
      let chars = text.utf8CString
      code = chars.withUnsafeBufferPointer {
        csqlite_bind_text(handle, index, $0.baseAddress, Int32($0.count - 1))
      }
    case .null: code = sqlite3_bind_null(handle, index)
    }
    guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: connection) }
  }

  /// Runs the statement to its next row: true when a row is ready to read, false when done.
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw SQLiteError(code: code, handle: connection)
    }
  }

  /// Whether column `index` (0-based) of the current row is NULL.
  func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// The integer in column `index` (0-based) of the current row.
  func int64(at index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// The real number in column `index` (0-based) of the current row.
  func double(at index: Int32) -> Double {
    sqlite3_column_double(handle, index)
  }

  /// The text in column `index` (0-based) of the current row; empty for NULL.
  func text(at index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}
