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
    return try string(bytes: bytes, count: count, start: start, scan: scan, cache: cache)
  }

  /// The string whose contents start at `start` and end as `scan` says.
  @inline(__always)
  static func string(
    bytes: UnsafePointer<UInt8>, count: Int, start: Int, scan: FastJSONStringScan.End,
    cache: FastJSONStringCache
  ) throws(FastJSONInvalid) -> String {
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
  ///
  /// The bytes are written out once, escapes decoded, and checked as UTF-8 at the end:
  /// an escape stands for whole characters, so the bytes between escapes are valid
  /// exactly when the whole is. No escape is shorter than the UTF-8 it stands for, so the
  /// output fits in as many bytes as the input.
  static func unescape(_ buffer: UnsafeBufferPointer<UInt8>) throws(FastJSONInvalid) -> String {
    let result: String? = withUnsafeTemporaryAllocation(
      of: UInt8.self, capacity: max(buffer.count, 1)
    ) { output in
      var length = 0
      var index = 0
      while index < buffer.count {
        let byte = buffer[index]
        if byte == FastJSONByte.backslash {
          guard let next = unescapeSequence(buffer, at: index + 1, into: output, at: &length)
          else { return nil }
          index = next
        } else {
          guard byte >= 0x20 else { return nil }
          output[length] = byte
          length += 1
          index += 1
        }
      }
      return FastJSONUTF8.string(UnsafeBufferPointer(rebasing: output[..<length]))
    }
    guard let result else { throw FastJSONInvalid() }
    return result
  }

  /// The escape after a backslash at `index - 1`, written to `output` at `length`;
  /// returns the index after it, or nil when it is not a valid escape.
  private static func unescapeSequence(
    _ buffer: UnsafeBufferPointer<UInt8>, at index: Int,
    into output: UnsafeMutableBufferPointer<UInt8>, at length: inout Int
  ) -> Int? {
    guard index < buffer.count else { return nil }
    let byte: UInt8
    switch buffer[index] {
    case UInt8(ascii: "\""): byte = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): byte = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): byte = UInt8(ascii: "/")
    case UInt8(ascii: "b"): byte = 0x08
    case UInt8(ascii: "f"): byte = 0x0C
    case UInt8(ascii: "n"): byte = UInt8(ascii: "\n")
    case UInt8(ascii: "r"): byte = UInt8(ascii: "\r")
    case UInt8(ascii: "t"): byte = UInt8(ascii: "\t")
    case UInt8(ascii: "u"):
      return unescapeUnicode(buffer, at: index + 1, into: output, at: &length)
    default: return nil
    }
    output[length] = byte
    length += 1
    return index + 1
  }

  /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, at `index` (after the `u`), written to
  /// `output` at `length` as UTF-8; nil when it is not a whole character.
  private static func unescapeUnicode(
    _ buffer: UnsafeBufferPointer<UInt8>, at index: Int,
    into output: UnsafeMutableBufferPointer<UInt8>, at length: inout Int
  ) -> Int? {
    guard let unit = hexUnit(buffer, at: index) else { return nil }
    let next = index + 4
    let scalar: Unicode.Scalar
    let end: Int
    if UTF16.isLeadSurrogate(unit) {
      guard next + 1 < buffer.count, buffer[next] == FastJSONByte.backslash,
        buffer[next + 1] == UInt8(ascii: "u"), let trail = hexUnit(buffer, at: next + 2),
        UTF16.isTrailSurrogate(trail),
        let pair = Unicode.Scalar(
          0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
      else { return nil }
      scalar = pair
      end = next + 6
    } else {
      guard let single = Unicode.Scalar(unit) else { return nil }
      scalar = single
      end = next
    }
    for byte in UTF8.encode(scalar) ?? UTF8.EncodedScalar() {
      output[length] = byte
      length += 1
    }
    return end
  }

  /// The UTF-16 unit of the four hex digits at `index`; nil when they are not four.
  static func hexUnit(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
    guard index + 4 <= buffer.count else { return nil }
    var unit: UInt16 = 0
    for offset in 0..<4 {
      let byte = buffer[index + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }
}
