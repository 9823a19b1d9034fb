import Foundation

/// The scratch of one `FastJSONEncoder.append`: the bytes of every string and number
/// encoded so far, and whether something was met that only `JSONEncoder` can encode.
final class FastJSONEncoderState {
  /// Scalars' bytes; `FastJSONValue.scalar` ranges point into it.
  var scalars: [UInt8] = []
  /// Set by what cannot throw (reading `codingPath`, asking for `superEncoder`): the
  /// value is then left to `JSONEncoder` once its `encode(to:)` returns.
  private(set) var unsupportedReason: String?
  /// For each type met, whether it comes from Foundation (see `value(of:)`).
  private var isFoundationType: [ObjectIdentifier: Bool] = [:]

  /// Forgets the last value, keeping the buffer's capacity.
  func reset() {
    scalars.removeAll(keepingCapacity: true)
    unsupportedReason = nil
  }

  /// Notes that the value cannot be encoded here (the first reason is kept).
  func markUnsupported(_ reason: String) {
    if unsupportedReason == nil { unsupportedReason = reason }
  }

  /// `value` encoded. `JSONEncoder` encodes `Date`, `Data`, `URL` and `Decimal` its own
  /// way rather than through their `encode(to:)`; so does this. Any other Foundation
  /// type might be special to it too, so it is refused; types from elsewhere encode
  /// themselves.
  func value<Value: Encodable>(of value: Value) throws -> FastJSONValue {
    if Value.self == String.self, let string = value as? String { return self.string(string) }
    if Value.self == Int.self, let int = value as? Int { return integer(int) }
    if Value.self == Date.self, let date = value as? Date { return self.date(date) }
    if Value.self == Double.self, let double = value as? Double { return try number(double) }
    if Value.self == Bool.self, let bool = value as? Bool { return self.bool(bool) }
    if Value.self == URL.self, let url = value as? URL { return string(url.absoluteString) }
    if Value.self == Data.self, let data = value as? Data {
      return string(data.base64EncodedString())
    }
    if Value.self == Decimal.self, let decimal = value as? Decimal {
      guard decimal.isFinite else { throw FastJSONUnsupported("a Decimal NaN") }
      return scalar { $0.append(contentsOf: decimal.description.utf8) }
    }
    if isFromFoundation(Value.self) {
      throw FastJSONUnsupported("\(Value.self) is Foundation's, and may be special to JSONEncoder")
    }
    let encoder = FastJSONValueEncoder(state: self)
    try value.encode(to: encoder)
    guard let result = encoder.result else {
      throw FastJSONUnsupported("\(Value.self) encoded nothing")
    }
    return result
  }

  /// Whether `type`'s full name is in a Foundation module (or imported from C).
  private func isFromFoundation(_ type: Any.Type) -> Bool {
    let id = ObjectIdentifier(type)
    if let known = isFoundationType[id] { return known }
    let name = String(reflecting: type)
    let foundation =
      name.hasPrefix("Foundation") || name.hasPrefix("CoreFoundation")
      || name.hasPrefix("_Foundation") || name.hasPrefix("__C.")
    isFoundationType[id] = foundation
    return foundation
  }

  /// Bytes written by `write` into the scratch buffer, as a scalar.
  func scalar(_ write: (inout [UInt8]) -> Void) -> FastJSONValue {
    let start = scalars.count
    write(&scalars)
    return .scalar(start..<scalars.count)
  }

  /// A quoted, escaped string.
  func string(_ string: String) -> FastJSONValue {
    scalar { _ = FastJSONText.appendQuoted(string, to: &$0) }
  }

  /// A whole number in decimal.
  func integer<Integer: BinaryInteger>(_ integer: Integer) -> FastJSONValue {
    scalar { FastJSONText.appendInteger(integer, to: &$0) }
  }

  /// A finite number as `JSONEncoder` writes it; NaN and infinity are refused.
  func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ number: Number) throws
    -> FastJSONValue
  {
    guard number.isFinite else { throw FastJSONUnsupported("a non-finite number") }
    return scalar { FastJSONText.appendNumber(number, to: &$0) }
  }

  /// `true` or `false`.
  func bool(_ bool: Bool) -> FastJSONValue {
    scalar { $0.append(contentsOf: (bool ? "true" : "false").utf8) }
  }

  /// `null`.
  func null() -> FastJSONValue {
    scalar { $0.append(contentsOf: "null".utf8) }
  }

  /// A date as `.iso8601` writes it, in quotes.
  func date(_ date: Date) -> FastJSONValue {
    scalar { bytes in
      bytes.append(UInt8(ascii: "\""))
      if !FastJSONDateText.appendISO8601(date, to: &bytes) {
        bytes.append(contentsOf: date.formatted(.iso8601).utf8)
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }
}
