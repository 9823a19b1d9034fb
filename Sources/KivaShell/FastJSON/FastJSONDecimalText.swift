/// A JSON number read the way Foundation's `Decimal` parser reads it (a 128-bit
/// mantissa, later digits dropped, an 8-bit exponent, trailing zeros compacted), and
/// converted to an integer the way `JSONDecoder` converts a `Decimal`: exactly, except
/// that a fraction is truncated. `JSONDecoder` takes this path for integral numbers in
/// fraction or exponent form beyond 2^53, so `9007199254740993.5` decodes as the `Int`
/// 9007199254740993; this reproduces that.
struct FastJSONDecimalText {
  private(set) var mantissa: UInt128 = 0
  private(set) var exponent = 0
  private(set) var isNegative = false

  /// Reads the whole of `text`; nil where `Decimal` fails or overflows.
  init?(_ text: UnsafeBufferPointer<UInt8>) {
    var index = 0
    let count = text.count
    if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
      isNegative = text[index] == UInt8(ascii: "-")
      index += 1
    }
    var tooBig = false
    while index < count, let digit = Self.digit(text[index]) {
      index += 1
      if !tooBig, let next = Self.appending(digit, to: mantissa) {
        mantissa = next
        continue
      }
      tooBig = true
      guard exponent < Int(Int8.max) else { return nil }
      exponent += 1
    }
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      while index < count, let digit = Self.digit(text[index]) {
        index += 1
        guard !tooBig else { continue }
        guard let next = Self.appending(digit, to: mantissa) else {
          tooBig = true
          continue
        }
        mantissa = next
        guard exponent > Int(Int8.min) else { return nil }
        exponent -= 1
      }
    }
    if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      guard index < count else { return nil }
      var exponentIsNegative = false
      if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        exponentIsNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      while index < count, let digit = Self.digit(text[index]) {
        written = written * 10 + Int(digit)
        guard written <= 2 * Int(Int8.max) else { return nil }
        index += 1
      }
      let total = (exponentIsNegative ? -written : written) + exponent
      guard total >= Int(Int8.min), total <= Int(Int8.max) else { return nil }
      exponent = total
    }
    guard index == count, index > 0 else { return nil }
    while mantissa != 0, mantissa % 10 == 0 {
      mantissa /= 10
      exponent += 1
    }
    if mantissa == 0 { isNegative = false }
  }

  /// The integer `JSONDecoder` makes of this `Decimal`, or nil where it refuses.
  func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
    guard !isNegative || T.isSigned, mantissa <= UInt128(UInt64.max) else { return nil }
    var value = UInt64(mantissa)
    if exponent < 0 {
      for _ in 0..<(-exponent) { value /= 10 }
    } else {
      for _ in 0..<exponent {
        let (product, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        value = product
      }
    }
    guard let sized = T(exactly: value) else { return nil }
    return isNegative ? sized * -1 : sized
  }

  private static func digit(_ byte: UInt8) -> UInt8? {
    let digit = byte &- UInt8(ascii: "0")
    return digit < 10 ? digit : nil
  }

  private static func appending(_ digit: UInt8, to mantissa: UInt128) -> UInt128? {
    let (product, overflow) = mantissa.multipliedReportingOverflow(by: 10)
    let (sum, carry) = product.addingReportingOverflow(UInt128(digit))
    return overflow || carry ? nil : sum
  }
}
