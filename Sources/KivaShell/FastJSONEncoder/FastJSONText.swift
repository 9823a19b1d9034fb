/// Strings and numbers as `JSONEncoder` writes them, appended as UTF-8 bytes.
enum FastJSONText {
  /// Appends `string` in quotes, escaped as `JSONEncoder` escapes it with
  /// `.withoutEscapingSlashes`: `\"`, `\\`, and the control characters below U+0020 as
  /// `\b \t \n \f \r` or else `\u00XX` in lowercase hex. Everything else, DEL, U+2028
  /// and U+2029 included, is copied as it is. Returns whether the string is all ASCII.
  @discardableResult
  static func appendQuoted(_ string: String, to bytes: inout [UInt8]) -> Bool {
    var string = string
    return string.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      var allBits: UInt8 = 0
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        allBits |= byte
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        if runStart < index {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        }
        appendEscape(byte, to: &bytes)
        runStart = index + 1
      }
      if runStart < utf8.count {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      }
      bytes.append(UInt8(ascii: "\""))
      return allBits < 0x80
    }
  }

  /// Appends the escape of a quote, a backslash or a control character.
  private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    default:
      bytes.append(contentsOf: "u00".utf8)
      bytes.append(hexDigit(byte >> 4))
      bytes.append(hexDigit(byte & 0x0F))
    }
  }

  /// A lowercase hex digit, as `JSONEncoder` writes them.
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Appends an integer in decimal, with a minus sign if negative.
  static func appendInteger<Integer: BinaryInteger>(_ integer: Integer, to bytes: inout [UInt8]) {
    guard let small = Int64(exactly: integer) else {
      bytes.append(contentsOf: integer.description.utf8)
      return
    }
    if small < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = small.magnitude
    guard magnitude >= 10 else {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      while magnitude > 0 {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Appends a finite number as `JSONEncoder` does: its `description`, without a
  /// trailing `.0` (`-0.0` is `-0`, `1e+21` stays, `1.5` stays).
  static func appendNumber<Number: LosslessStringConvertible>(
    _ number: Number, to bytes: inout [UInt8]
  ) {
    var text = number.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
  }
}
