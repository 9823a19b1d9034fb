import Foundation

/// Reads JSON numbers straight from the bytes, with `JSONDecoder`'s exact rules: which
/// texts are accepted, when an integral number in a fraction or exponent form fits an
/// integer type (`1e3` and `1.0` do, `1.5` does not), and that everything else is "not
/// valid JSON" (`FastJSONInvalid`) rather than a `DecodingError`.
enum FastJSONNumbers {
  /// The number starting at `start`: decodes integers written as plain digits in one
  /// pass, and anything else through `slowInteger`.
  @inline(__always)
  static func integer<T: FixedWidthInteger>(
    _ type: T.Type, bytes: UnsafePointer<UInt8>, count: Int, start: Int
  ) throws(FastJSONInvalid) -> T {
    var pos = start
    let negative = bytes[pos] == UInt8(ascii: "-")
    if negative { pos += 1 }
    let digitsStart = pos
    var magnitude: UInt64 = 0
    var overflow = false
    if pos &+ 8 <= count, case (let value, let digits) = FastJSONDigitWord.read(bytes + pos),
      digits < 8
    {
      // The usual number (an id, an amount, a count) ends within eight bytes.
      magnitude = value
      pos &+= digits
    } else {
      while pos < count {
        let digit = bytes[pos] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
        magnitude = sum
        overflow = overflow || o1 || o2
        pos += 1
      }
    }
    let digitCount = pos - digitsStart
    // A plain integer: no fraction or exponent, no leading zero, not too long.
    if pos == count || !FastJSONNumberText.isNumberByte(bytes[pos]), digitCount > 0,
      digitCount == 1 || bytes[digitsStart] != UInt8(ascii: "0")
    {
      if !overflow {
        if let value = signed(T.self, magnitude: magnitude, negative: negative) { return value }
      } else if T.bitWidth > 64,
        let wide = wideMagnitude(T.Magnitude.self, bytes + digitsStart, count: digitCount),
        let value = signed(T.self, magnitude: wide, negative: negative)
      {
        // `Int128` and `UInt128` beyond 64 bits: `JSONDecoder` reads their digits whole.
        return value
      }
    }
    let end = FastJSONNumberText.end(of: bytes, count: count, from: start + 1)
    return try slowInteger(
      type, text: UnsafeBufferPointer(start: bytes + start, count: end - start))
  }

  /// `magnitude` with the sign, or nil when `T` cannot hold it.
  @inline(__always)
  private static func signed<T: FixedWidthInteger, M: FixedWidthInteger>(
    _ type: T.Type, magnitude: M, negative: Bool
  ) -> T? {
    if !negative { return T(exactly: magnitude) }
    if magnitude == 0 { return 0 }
    guard T.isSigned, let value = T(exactly: magnitude - 1) else { return nil }
    return 0 - value - 1  // reaches T.min without overflowing
  }

  /// The `count` digits at `digits` as an `M`, or nil when they overflow it.
  private static func wideMagnitude<M: FixedWidthInteger>(
    _ type: M.Type, _ digits: UnsafePointer<UInt8>, count: Int
  ) -> M? {
    var value: M = 0
    for index in 0..<count {
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(M(digits[index] &- UInt8(ascii: "0")))
      guard !o1, !o2 else { return nil }
      value = sum
    }
    return value
  }

  /// `JSONDecoder`'s slow path for integers: through `Double` when that is exact
  /// (below 2^53), else through a `Decimal`-like reading.
  static func slowInteger<T: FixedWidthInteger>(
    _ type: T.Type, text: UnsafeBufferPointer<UInt8>
  ) throws(FastJSONInvalid) -> T {
    guard prevalidate(text) else { throw FastJSONInvalid() }
    if let double = Double(String(decoding: text, as: UTF8.self)) {
      guard let value = T(exactly: double) else { throw FastJSONInvalid() }
      if double.magnitude < 9_007_199_254_740_992 { return value }
    }
    guard let decimal = FastJSONDecimalText(text), let value = decimal.integer(T.self) else {
      throw FastJSONInvalid()
    }
    return value
  }

  /// A `Float` or `Double`: `strtod`'s reading of the whole text, rejecting overflow to
  /// infinity and underflow of a non-zero number to zero.
  static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: T.Type, bytes: UnsafePointer<UInt8>, count: Int, start: Int
  ) throws(FastJSONInvalid) -> T {
    let end = FastJSONNumberText.end(of: bytes, count: count, from: start + 1)
    let text = UnsafeBufferPointer(start: bytes + start, count: end - start)
    guard prevalidate(text), let value = T(String(decoding: text, as: UTF8.self)),
      value.isFinite, value != 0 || isTrueZero(text)
    else { throw FastJSONInvalid() }
    return value
  }

  /// `JSONScanner.prevalidateJSONNumber`: no leading zero, a digit after `-`, a digit
  /// before the exponent and at the end. (Other mistakes make the parse fail.)
  static func prevalidate(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = text.first else { return false }
    let firstDigit: Int
    switch first {
    case UInt8(ascii: "0"):
      guard leadingZeroIsValid(text, after: 1) else { return false }
      firstDigit = 0
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      firstDigit = 0
    case UInt8(ascii: "-"):
      guard text.count > 1 else { return false }
      switch text[1] {
      case UInt8(ascii: "0"): guard leadingZeroIsValid(text, after: 2) else { return false }
      case UInt8(ascii: "1")...UInt8(ascii: "9"): break
      default: return false
      }
      firstDigit = 1
    default:
      return false
    }
    if let exponent = text[(firstDigit + 1)...].firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }
    ) {
      guard text[exponent - 1] &- UInt8(ascii: "0") < 10 else { return false }
    }
    return text[text.count - 1] &- UInt8(ascii: "0") < 10
  }

  private static func leadingZeroIsValid(_ text: UnsafeBufferPointer<UInt8>, after index: Int)
    -> Bool
  {
    guard index < text.count else { return true }
    let next = text[index]
    return next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e")
  }

  /// Whether a number that parsed as zero is written as zero (only zeros before any
  /// exponent), rather than a tiny number that underflowed: `JSONDecoder.isTrueZero`,
  /// quirk included. It reads four bytes at a time in order, but the last one to three
  /// bytes backwards, so it may meet an exponent's digit before the `e`: `0e1` is not
  /// zero to `JSONDecoder` (not valid JSON as a `Double`) while `0e10` is.
  static func isTrueZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    func check(_ byte: UInt8) -> Bool? {
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return false }
      if byte | 0x20 == UInt8(ascii: "e") { return true }
      return nil
    }
    var index = 0
    while text.count - index >= 4 {
      for offset in 0..<4 {
        if let result = check(text[index + offset]) { return result }
      }
      index += 4
    }
    for offset in stride(from: text.count - index - 1, through: 0, by: -1) {
      if let result = check(text[index + offset]) { return result }
    }
    return true
  }
}

/// The leading ASCII digits of eight bytes, read at once.
enum FastJSONDigitWord {
  /// How many of the eight bytes at `pointer` are digits before the first that is not
  /// (8 when all are), and, when fewer than 8, their value.
  @inline(__always)
  static func read(_ pointer: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
    let word = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    let digits = word &- 0x3030_3030_3030_3030
    // The top bit of each byte that is not a digit (below 0x30 it wrapped, above 0x39
    // adding 0x76 reaches it). Borrows and carries only move up, into bytes after the
    // first non-digit, so that one is flagged exactly and the digits before it are not.
    let others = ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
    guard others != 0 else { return (0, 8) }
    let count = others.trailingZeroBitCount >> 3
    guard count > 0 else { return (0, 0) }
    // The digits, first one most significant, moved to the top bytes (zeros before).
    var value = digits &<< UInt64((8 &- count) &* 8)
    value = (value &* 10 &+ (value >> 8)) & 0x00FF_00FF_00FF_00FF
    value = (value &* 100 &+ (value >> 16)) & 0x0000_FFFF_0000_FFFF
    value = (value &* 10_000 &+ (value >> 32)) & 0xFFFF_FFFF
    return (value, count)
  }
}
