/// A value bound to a statement parameter.
enum SQLiteValue: Equatable, Sendable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case null
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  init(integerLiteral value: Int64) {
    self = .integer(value)
  }

  init(stringLiteral value: String) {
    self = .text(value)
  }
}
