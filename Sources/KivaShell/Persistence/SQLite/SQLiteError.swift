import CSQLite

/// A failed SQLite call: the result code and the connection's `sqlite3_errmsg`.
struct SQLiteError: Error, Equatable, Sendable {
  /// The extended result code, e.g. `SQLITE_BUSY` or `SQLITE_CORRUPT`.
  let code: Int32
  /// What SQLite said, e.g. "file is not a database".
  let message: String

  /// The primary result code (the low byte of the extended code).
  var primaryCode: Int32 { code & 0xFF }

  /// Whether the file is not a database or its content is damaged.
  var isDamage: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }

  /// The error `code` raised on `handle`, with the connection's message when it has one.
  init(code: Int32, handle: OpaquePointer?) {
    self.code = code
    if let handle, let text = sqlite3_errmsg(handle) {
      message = String(cString: text)
    } else if let text = sqlite3_errstr(code) {
      message = String(cString: text)
    } else {
      message = "SQLite error \(code)"
    }
  }

  /// An error of our own making, e.g. an unexpected pragma answer.
  init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }
}

extension StoreError {
  /// The store's view of a database failure: `.failed` with SQLite's message.
  init(_ error: SQLiteError) {
    self = .failed(error.message)
  }
}
