import Foundation

/// Turns a JSON string's bytes into a `String`, as `JSONDecoder` does when the string is
/// asked for: invalid UTF-8, an unescaped control character, an unknown escape or a bad
/// `\u` sequence (bad hex, unpaired surrogate) make it `FastJSONInvalid`.
enum FastJSONStrings {
  /// The string whose opening quote is at `quote`; one seen lately comes from `cache`.
  @inline(__always)
  static func string(
    bytes: UnsafePointer<UInt8>, count: Int, quote: Int, cache: FastJSONStringCache
  ) throws(FastJSONInvalid) -> String {
    let start = quote + 1
    let scan = try FastJSONStringScan.end(of: bytes, count: count, from: start)
    let buffer = UnsafeBufferPointer(start: bytes + start, count: scan.end - start)
    if scan.isSimple, FastJSONStringCache.holds(buffer.count),
      let cached = cache.string(for: buffer)
    {
      return cached
    }
    let string: String
    if scan.isPlainASCII {
      if buffer.count <= FastJSONSmallString.capacity, cache.makesSmallStrings {
        return FastJSONSmallString.make(
          bytes + start, count: buffer.count, readable: count &- start)
      }
      string = String(decoding: buffer, as: UTF8.self)
    } else if scan.isSimple {
      guard let valid = FastJSONUTF8.string(buffer) else { throw FastJSONInvalid() }
      string = valid
    } else {
      return try unescape(buffer)
    }
    if FastJSONStringCache.holds(buffer.count) { cache.keep(string, for: buffer) }
    return string
  }

  /// A string with escapes or control characters: `JSONScanner._slowpath_stringValue`.
  static func unescape(_ buffer: UnsafeBufferPointer<UInt8>) throws(FastJSONInvalid) -> String {
    var output = ""
    var index = 0
    var chunkStart = 0
    while index < buffer.count {
      let byte = buffer[index]
      if byte == FastJSONByte.backslash {
        try append(buffer, chunkStart..<index, to: &output)
        index = try unescapeSequence(buffer, at: index + 1, into: &output)
        chunkStart = index
      } else {
        guard byte >= 0x20 else { throw FastJSONInvalid() }
        index += 1
      }
    }
    try append(buffer, chunkStart..<index, to: &output)
    return output
  }

  private static func append(
    _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to output: inout String
  ) throws(FastJSONInvalid) {
    guard !range.isEmpty else { return }
    guard let chunk = FastJSONUTF8.string(UnsafeBufferPointer(rebasing: buffer[range])) else {
      throw FastJSONInvalid()
    }
    output += chunk
  }

  /// The escape after a backslash at `index - 1`; returns the index after it.
  private static func unescapeSequence(
    _ buffer: UnsafeBufferPointer<UInt8>, at index: Int, into output: inout String
  ) throws(FastJSONInvalid) -> Int {
    guard index < buffer.count else { throw FastJSONInvalid() }
    let scalar: Unicode.Scalar
    switch buffer[index] {
    case UInt8(ascii: "\""): scalar = "\""
    case UInt8(ascii: "\\"): scalar = "\\"
    case UInt8(ascii: "/"): scalar = "/"
    case UInt8(ascii: "b"): scalar = "\u{08}"
    case UInt8(ascii: "f"): scalar = "\u{0C}"
    case UInt8(ascii: "n"): scalar = "\n"
    case UInt8(ascii: "r"): scalar = "\r"
    case UInt8(ascii: "t"): scalar = "\t"
    case UInt8(ascii: "u"): return try unescapeUnicode(buffer, at: index + 1, into: &output)
    default: throw FastJSONInvalid()
    }
    output.unicodeScalars.append(scalar)
    return index + 1
  }

  /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, at `index` (after the `u`).
  private static func unescapeUnicode(
    _ buffer: UnsafeBufferPointer<UInt8>, at index: Int, into output: inout String
  ) throws(FastJSONInvalid) -> Int {
    let unit = try hexUnit(buffer, at: index)
    let next = index + 4
    if UTF16.isLeadSurrogate(unit) {
      guard next + 1 < buffer.count, buffer[next] == FastJSONByte.backslash,
        buffer[next + 1] == UInt8(ascii: "u")
      else { throw FastJSONInvalid() }
      let trail = try hexUnit(buffer, at: next + 2)
      guard UTF16.isTrailSurrogate(trail) else { throw FastJSONInvalid() }
      let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
      guard let scalar = Unicode.Scalar(value) else { throw FastJSONInvalid() }
      output.unicodeScalars.append(scalar)
      return next + 6
    }
    guard let scalar = Unicode.Scalar(unit) else { throw FastJSONInvalid() }
    output.unicodeScalars.append(scalar)
    return next
  }

  private static func hexUnit(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int)
    throws(FastJSONInvalid) -> UInt16
  {
    guard index + 4 <= buffer.count else { throw FastJSONInvalid() }
    var unit: UInt16 = 0
    for offset in 0..<4 {
      let byte = buffer[index + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw FastJSONInvalid()
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }
}
