import Foundation

/// Reading values, and the errors `JSONDecoder` throws when they are not what was asked
/// for, word for word (`LoanStore` shows their text to users).
extension FastJSONValueDecoder {
  /// The first byte of a value, which tells its kind.
  @inline(__always)
  func firstByte(of value: UInt32) -> UInt8 {
    guard value != FastJSONTape.syntheticNull else { return UInt8(ascii: "n") }
    return document.bytes[Int(document.tape[Int(value)])]
  }

  @inline(__always)
  func offset(of value: UInt32) -> Int {
    Int(document.tape[Int(value)])
  }

  /// How `JSONDecoder`'s errors name a value's kind.
  func typeDescription(of value: UInt32) -> String {
    switch firstByte(of: value) {
    case FastJSONByte.quote: "a string"
    case FastJSONByte.openBrace: "a dictionary"
    case FastJSONByte.openBracket: "an array"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): "bool"
    case UInt8(ascii: "n"): "null"
    default: "number"
    }
  }

  func errorPath<K: CodingKey>(_ path: FastJSONPath, _ key: K?) -> [any CodingKey] {
    guard let key else { return codingPath(path) }
    return codingPath(path) + [key]
  }

  func typeMismatch<K: CodingKey>(
    _ type: Any.Type, _ value: UInt32, _ path: FastJSONPath, _ key: K?
  )
    -> DecodingError
  {
    .typeMismatch(
      type,
      .init(
        codingPath: errorPath(path, key),
        debugDescription:
          "Expected to decode \(type) but found \(typeDescription(of: value)) instead."))
  }

  func valueNotFound<K: CodingKey>(_ type: Any.Type, _ path: FastJSONPath, _ key: K?)
    -> DecodingError
  {
    .valueNotFound(
      type,
      .init(
        codingPath: errorPath(path, key),
        debugDescription: "Cannot get value of type \(type) -- found null value instead"))
  }

  func unwrapBool<K: CodingKey>(_ value: UInt32, path: FastJSONPath, key: K?) throws -> Bool {
    switch firstByte(of: value) {
    case UInt8(ascii: "t"): return true
    case UInt8(ascii: "f"): return false
    default: throw typeMismatch(Bool.self, value, path, key)
    }
  }

  func unwrapString<K: CodingKey>(_ value: UInt32, path: FastJSONPath, key: K?) throws -> String {
    let byte = firstByte(of: value)
    guard byte == FastJSONByte.quote else {
      if byte == UInt8(ascii: "n") { throw valueNotFound(String.self, path, key) }
      throw typeMismatch(String.self, value, path, key)
    }
    return try FastJSONStrings.string(
      bytes: document.bytes, count: document.count, quote: offset(of: value))
  }

  func unwrapInteger<T: FixedWidthInteger, K: CodingKey>(
    _ value: UInt32, as type: T.Type, path: FastJSONPath, key: K?
  ) throws -> T {
    let byte = firstByte(of: value)
    guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
      if byte == UInt8(ascii: "n") { throw valueNotFound(T.self, path, key) }
      throw typeMismatch(T.self, value, path, key)
    }
    return try FastJSONNumbers.integer(
      T.self, bytes: document.bytes, count: document.count, start: offset(of: value))
  }

  func unwrapFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible, K: CodingKey>(
    _ value: UInt32, as type: T.Type, path: FastJSONPath, key: K?
  ) throws -> T {
    let byte = firstByte(of: value)
    guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
      if byte == UInt8(ascii: "n") { throw valueNotFound(T.self, path, key) }
      throw typeMismatch(T.self, value, path, key)
    }
    return try FastJSONNumbers.floatingPoint(
      T.self, bytes: document.bytes, count: document.count, start: offset(of: value))
  }

  /// Any `Decodable`: the types `JSONDecoder` treats specially (`Date` by strategy,
  /// `Data` as base64, `URL`, `Decimal`, `[String: …]` under a key strategy), or the
  /// type's own `init(from:)` with `value` pushed as the value being decoded.
  func unwrap<T: Decodable, K: CodingKey>(
    _ value: UInt32, as type: T.Type, path: FastJSONPath, key: K?
  ) throws -> T {
    if T.self == Date.self {
      return try cast(unwrapDate(value, path: path, key: key), to: T.self)
    }
    if T.self == Data.self {
      return try cast(unwrapData(value, path: path, key: key), to: T.self)
    }
    if T.self == URL.self {
      return try cast(unwrapURL(value, path: path, key: key), to: T.self)
    }
    if T.self == Decimal.self {
      return try cast(unwrapDecimal(value, path: path, key: key), to: T.self)
    }
    if case .convertFromSnakeCase = options.keyStrategy,
      let dictionary = T.self as? any FastJSONStringDictionary.Type
    {
      let result = try unwrapDictionary(value, as: dictionary, path: path, key: key)
      guard let typed = result as? T else { throw typeMismatch(T.self, value, path, key) }
      return typed
    }
    return try decodeNested(value, as: type, path: path, key: key) { try T(from: self) }
  }

  /// Runs `body` with `value` as the value being decoded: in a new frame at
  /// `path` + `key`, or in the current frame when there is no key (a single-value
  /// container decodes its own value).
  @inline(__always)
  func decodeNested<T, K: CodingKey>(
    _ value: UInt32, as type: T.Type, path: FastJSONPath, key: K?, _ body: () throws -> T
  ) rethrows -> T {
    guard let key else { return try body() }
    return try withFrame(value: value, parent: path, leaf: key, body)
  }

  /// `value` as `T`, which the caller has checked is its type.
  @inline(__always)
  func cast<V, T>(_ value: V, to type: T.Type) throws -> T {
    guard let typed = value as? T else {
      throw DecodingError.typeMismatch(
        T.self, .init(codingPath: [], debugDescription: "Internal type confusion."))
    }
    return typed
  }
}
