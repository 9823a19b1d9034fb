import Foundation

/// Reading values, and the errors `JSONDecoder` throws when they are not what was asked
/// for, word for word (`LoanStore` shows their text to users).
///
/// The `read…` functions return nil when the value is of another kind (null included),
/// and throw `FastJSONInvalid` when it is of the right kind but malformed; the caller
/// turns nil into `kindError`, so the hot path never handles a coding key: keys are
/// generic parameters of the containers, and code generic over them is slow.
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

  @inline(__always)
  func isNull(_ value: UInt32) -> Bool {
    firstByte(of: value) == UInt8(ascii: "n")
  }

  @inline(__always)
  func isNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
  }

  @inline(__always)
  func readBool(_ value: UInt32) -> Bool? {
    switch firstByte(of: value) {
    case UInt8(ascii: "t"): true
    case UInt8(ascii: "f"): false
    default: nil
    }
  }

  @inline(__always)
  func readString(_ value: UInt32) throws(FastJSONInvalid) -> String? {
    guard firstByte(of: value) == FastJSONByte.quote else { return nil }
    return try FastJSONStrings.string(
      bytes: document.bytes, count: document.count, start: offset(of: value) &+ 1,
      scan: document.stringEnd(of: value), cache: scratch.strings)
  }

  /// An array of strings read straight from the tape, without an unkeyed container; nil
  /// when it is not an array or an element is not a well-formed string, for
  /// `Array.init(from:)` to decode (and to throw `JSONDecoder`'s error).
  func readStringArray(_ value: UInt32) -> [String]? {
    guard firstByte(of: value) == FastJSONByte.openBracket else { return nil }
    let tape = document.tape
    let count = Int(tape[Int(value) + 1])
    let first = Int(value) + FastJSONTape.arrayWords
    // Only strings take this many words each.
    let end = first + count * FastJSONTape.stringWords
    guard Int(tape[Int(value) + 2]) == end else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(count)
    for element in stride(from: first, to: end, by: FastJSONTape.stringWords) {
      guard let string = try? readString(UInt32(truncatingIfNeeded: element)) else { return nil }
      strings.append(string)
    }
    return strings
  }

  @inline(__always)
  func readInteger<T: FixedWidthInteger>(_ value: UInt32, as type: T.Type)
    throws(FastJSONInvalid) -> T?
  {
    guard isNumber(firstByte(of: value)) else { return nil }
    return try FastJSONNumbers.integer(
      T.self, bytes: document.bytes, count: document.count, start: offset(of: value))
  }

  @inline(__always)
  func readFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: UInt32, as type: T.Type
  ) throws(FastJSONInvalid) -> T? {
    guard isNumber(firstByte(of: value)) else { return nil }
    return try FastJSONNumbers.floatingPoint(
      T.self, bytes: document.bytes, count: document.count, start: offset(of: value))
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

  func errorPath(_ path: FastJSONPath, _ key: (any CodingKey)?) -> [any CodingKey] {
    guard let key else { return codingPath(path) }
    return codingPath(path) + [key]
  }

  /// The error for a `read…` that returned nil: `valueNotFound` for null, else
  /// `typeMismatch`; a `Bool` is always a `typeMismatch`, as in `JSONDecoder`.
  func kindError(
    _ type: Any.Type, _ value: UInt32, _ path: FastJSONPath, _ key: (any CodingKey)?
  ) -> DecodingError {
    if isNull(value) && type != Bool.self { return valueNotFound(type, path, key) }
    return typeMismatch(type, value, path, key)
  }

  func typeMismatch(
    _ type: Any.Type, _ value: UInt32, _ path: FastJSONPath, _ key: (any CodingKey)?
  ) -> DecodingError {
    .typeMismatch(
      type,
      .init(
        codingPath: errorPath(path, key),
        debugDescription:
          "Expected to decode \(type) but found \(typeDescription(of: value)) instead."))
  }

  func valueNotFound(_ type: Any.Type, _ path: FastJSONPath, _ key: (any CodingKey)?)
    -> DecodingError
  {
    .valueNotFound(
      type,
      .init(
        codingPath: errorPath(path, key),
        debugDescription: "Cannot get value of type \(type) -- found null value instead"))
  }

  func unwrapString(_ value: UInt32, path: FastJSONPath, key: (any CodingKey)?) throws -> String {
    guard let string = try readString(value) else {
      throw kindError(String.self, value, path, key)
    }
    return string
  }

  func unwrapFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: UInt32, as type: T.Type, path: FastJSONPath, key: (any CodingKey)?
  ) throws -> T {
    guard let float = try readFloat(value, as: T.self) else {
      throw kindError(T.self, value, path, key)
    }
    return float
  }

  /// Any `Decodable`: the types `JSONDecoder` treats specially (`Date` by strategy,
  /// `Data` as base64, `URL`, `Decimal`, `[String: …]` under a key strategy), or the
  /// type's own `init(from:)` with `value` pushed as the value being decoded, at
  /// `path` + `key` (or in the current frame when there is no key: a single-value
  /// container decoding its own value; unless `framed`, when `path` is already the
  /// value's: see `unwrap(_:as:elementAt:of:)`).
  // A loan's tags, which take generic code a dynamic conformance lookup and metadata
  // for each: see `keyedContainer`.
  @_specialize(where T == [Loan.Tag])
  @_specialize(where T == Loan.Tag)
  func unwrap<T: Decodable>(
    _ value: UInt32, as type: T.Type, path: FastJSONPath, key: (any CodingKey)?,
    framed: Bool = false
  ) throws -> T {
    if T.self == String.self {
      return unsafeBitCast(try unwrapString(value, path: path, key: key), to: T.self)
    }
    if T.self == Date.self {
      return unsafeBitCast(
        try unwrapDate(value, path: path, key: key, framed: framed), to: T.self)
    }
    if T.self == [String].self, let strings = readStringArray(value) {
      return unsafeBitCast(strings, to: T.self)
    }
    if T.self == Data.self {
      return unsafeBitCast(try unwrapData(value, path: path, key: key), to: T.self)
    }
    if T.self == URL.self {
      return unsafeBitCast(try unwrapURL(value, path: path, key: key), to: T.self)
    }
    if T.self == Decimal.self {
      return unsafeBitCast(try unwrapDecimal(value, path: path, key: key), to: T.self)
    }
    if case .convertFromSnakeCase = options.keyStrategy,
      T.self is any FastJSONStringDictionary.Type
    {
      return try unwrapStringDictionary(value, as: type, path: path, key: key)
    }
    if key == nil && !framed { return try T(from: self) }
    if firstByte(of: value) == FastJSONByte.openBracket,
      let array = T.self as? any FastJSONDecodableArray.Type
    {
      return try withFrame(value: value, parent: path, leaf: key) {
        try array.decodeFastJSON(from: self, array: value, as: T.self)
      }
    }
    return try withFrame(value: value, parent: path, leaf: key) { try T(from: self) }
  }

  /// Element `index` of the array whose path is `path`, as `unwrap(_:as:path:key:)` with
  /// the index as its key: the index goes in the path, and no key is boxed. (Unless the
  /// array's own path ends in an index, which would have to move into a path node.)
  @inline(__always)
  func unwrap<T: Decodable>(
    _ value: UInt32, as type: T.Type, elementAt index: Int, of path: FastJSONPath
  ) throws -> T {
    guard path.index < 0, let small = Int32(exactly: index) else {
      return try unwrap(value, as: type, path: path, key: FastJSONIndexKey(index: index))
    }
    var element = path
    element.index = small
    return try unwrap(value, as: type, path: element, key: nil, framed: true)
  }

  /// A `[String: …]` under a key strategy (apart: it needs `T?`, whose metadata is
  /// costly to get in generic code).
  @inline(never)
  private func unwrapStringDictionary<T: Decodable>(
    _ value: UInt32, as type: T.Type, path: FastJSONPath, key: (any CodingKey)?
  ) throws -> T {
    guard let dictionary = T.self as? any FastJSONStringDictionary.Type,
      let typed = try unwrapDictionary(value, as: dictionary, path: path, key: key) as? T
    else { throw typeMismatch(T.self, value, path, key) }
    return typed
  }
}
