/// Checks UTF-8 as `String(validating:as:)` does (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF, no truncated sequence), without going through
/// its generic code, which looks up type metadata at every call; a checked buffer then
/// becomes a `String` through `String(decoding:as:)`, which has nothing to repair.
enum FastJSONUTF8 {
  /// Whether `bytes` are well-formed UTF-8.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index &+= 1
        continue
      }
      // The length of the sequence and the range its second byte must fall in.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard count &- index >= length else { return false }
      let second = bytes[index &+ 1]
      guard second >= low, second <= high else { return false }
      for offset in 2..<max(length, 2) where bytes[index &+ offset] & 0xC0 != 0x80 {
        return false
      }
      index &+= length
    }
    return true
  }

  /// The string of `bytes`, or nil when they are not well-formed UTF-8.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
  }
}
