/// One-call helpers over prepared statements: run a change, read rows, read one value.
extension SQLiteConnection {
  /// Runs `sql` with `values` bound, ignoring any rows it returns.
  func run(_ sql: String, _ values: SQLiteValue...) throws(SQLiteError) {
    let statement = try prepare(sql)
    try statement.bind(values)
    while try statement.step() {}
  }

  /// Runs `sql` with `values` bound and turns each row into a `Row` with `read`.
  func rows<Row>(
    _ sql: String, _ values: SQLiteValue..., read: (SQLiteStatement) -> Row
  ) throws(SQLiteError) -> [Row] {
    let statement = try prepare(sql)
    try statement.bind(values)
    var rows: [Row] = []
    while try statement.step() {
      rows.append(read(statement))
    }
    return rows
  }

  /// The integer in the first column of the first row of `sql`, or nil without rows.
  func integer(_ sql: String, _ values: SQLiteValue...) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    try statement.bind(values)
    return try statement.step() ? statement.int64(at: 0) : nil
  }

  /// The real number in the first column of the first row of `sql`, or nil without rows
  /// or when it is NULL.
  func real(_ sql: String, _ values: SQLiteValue...) throws(SQLiteError) -> Double? {
    let statement = try prepare(sql)
    try statement.bind(values)
    guard try statement.step(), !statement.isNull(at: 0) else { return nil }
    return statement.double(at: 0)
  }

  /// The first column of every row of `sql`, as text.
  func texts(_ sql: String) throws(SQLiteError) -> [String] {
    try rows(sql) { $0.text(at: 0) }
  }
}
