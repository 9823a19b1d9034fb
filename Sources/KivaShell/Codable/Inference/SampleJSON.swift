/// A JSON value as inference needs it: object members in the order written (Foundation's
/// `JSONSerialization` loses it), and numbers reduced to whether they are whole.
indirect enum SampleJSON {
  case null
  case bool
  case number(isIntegral: Bool)
  case string(String)
  case array([SampleJSON])
  case object([(key: String, value: SampleJSON)])

  /// How deep arrays and objects may nest before reading stops (the reader recurses).
  static let maximumDepth = 200

  /// Reads `bytes`, which must be one JSON value.
  static func parse(_ bytes: [UInt8]) throws(InferenceError) -> SampleJSON {
    // Depth is checked below, against this reader's own (lower) limit.
    if let syntax = JSONSyntaxError.find(in: bytes, maximumDepth: .max) {
      throw InferenceError(
        message: "the sample is not JSON: line \(syntax.line), column \(syntax.column): "
          + syntax.reason)
    }
    var reader = SampleJSONReader(bytes: bytes)
    return try reader.value(depth: 0)
  }
}

/// Reads JSON already checked by `JSONSyntaxError.find`; still never traps on bad input.
private struct SampleJSONReader {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var current: UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  mutating func value(depth: Int) throws(InferenceError) -> SampleJSON {
    guard depth <= SampleJSON.maximumDepth else {
      throw InferenceError(
        message: "the sample nests deeper than \(SampleJSON.maximumDepth) levels")
    }
    skipWhitespace()
    switch current {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(string())
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      skipWord()
      return .bool
    case UInt8(ascii: "n"):
      skipWord()
      return .null
    default: return number()
    }
  }

  private mutating func object(depth: Int) throws(InferenceError) -> SampleJSON {
    position += 1
    var members: [(key: String, value: SampleJSON)] = []
    while true {
      skipWhitespace()
      guard let byte = current, byte != UInt8(ascii: "}") else { break }
      if byte == UInt8(ascii: ",") {
        position += 1
        continue
      }
      let key = string()
      skipWhitespace()
      if current == UInt8(ascii: ":") { position += 1 }
      members.append((key, try value(depth: depth + 1)))
    }
    position += 1
    return .object(members)
  }

  private mutating func array(depth: Int) throws(InferenceError) -> SampleJSON {
    position += 1
    var elements: [SampleJSON] = []
    while true {
      skipWhitespace()
      guard let byte = current, byte != UInt8(ascii: "]") else { break }
      if byte == UInt8(ascii: ",") {
        position += 1
        continue
      }
      elements.append(try value(depth: depth + 1))
    }
    position += 1
    return .array(elements)
  }

  /// A string starting at the opening quote, escapes decoded.
  private mutating func string() -> String {
    position += 1
    var utf8: [UInt8] = []
    while let byte = current, byte != UInt8(ascii: "\"") {
      position += 1
      guard byte == UInt8(ascii: "\\"), let escaped = current else {
        utf8.append(byte)
        continue
      }
      position += 1
      switch escaped {
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"): utf8 += Array(String(unicodeEscape()).utf8)
      default: utf8.append(escaped)
      }
    }
    position += 1
    return String(decoding: utf8, as: UTF8.self)
  }

  /// The character of a `\uXXXX` escape (after the `u`), joining a surrogate pair.
  private mutating func unicodeEscape() -> Character {
    let replacement: Character = "\u{FFFD}"
    guard let high = hexQuad() else { return replacement }
    guard (0xD800..<0xDC00).contains(high) else {
      return Unicode.Scalar(high).map(Character.init) ?? replacement
    }
    guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
      bytes[position + 1] == UInt8(ascii: "u")
    else { return replacement }
    position += 2
    guard let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return replacement }
    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    return Unicode.Scalar(scalar).map(Character.init) ?? replacement
  }

  private mutating func hexQuad() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    let text = String(decoding: bytes[position..<position + 4], as: UTF8.self)
    position += 4
    return UInt32(text, radix: 16)
  }

  /// The bytes a JSON number is written with.
  private static let numberBytes = Set("0123456789+-.eE".utf8)

  private mutating func number() -> SampleJSON {
    let start = position
    while let byte = current, Self.numberBytes.contains(byte) { position += 1 }
    if position == start { position += 1 }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    // Whole when written without a fraction or exponent, and it fits an Int.
    return .number(isIntegral: Int(text) != nil)
  }

  private mutating func skipWord() {
    while let byte = current, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) {
      position += 1
    }
  }

  private mutating func skipWhitespace() {
    while let byte = current,
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
      position += 1
    }
  }
}
