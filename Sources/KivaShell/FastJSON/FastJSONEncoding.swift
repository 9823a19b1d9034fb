import Foundation

/// Foundation reads JSON in UTF-8, UTF-16 or UTF-32, detected from a byte order mark or
/// from where the zero bytes are in the first four bytes (RFC 4627); so does this.
enum FastJSONEncoding {
  /// Runs `body` on the UTF-8 bytes of `raw`, converting them first if needed.
  static func withUTF8<R>(
    _ raw: UnsafeRawBufferPointer, _ body: (UnsafePointer<UInt8>, Int) throws -> R
  ) throws -> R {
    let bytes = raw.bindMemory(to: UInt8.self)
    let (encoding, bomLength) = detect(bytes)
    let content = UnsafeBufferPointer(rebasing: bytes[bomLength...])
    if encoding == .utf8 {
      guard let base = content.baseAddress else {
        var empty: UInt8 = 0
        return try body(&empty, 0)
      }
      return try body(base, content.count)
    }
    guard var string = String(bytes: content, encoding: encoding) else { throw FastJSONInvalid() }
    return try string.withUTF8 { utf8 in
      guard let base = utf8.baseAddress else {
        var empty: UInt8 = 0
        return try body(&empty, 0)
      }
      return try body(base, utf8.count)
    }
  }

  /// `bytes` as the decoders read them, which is what an error's line and column count
  /// in: UTF-8 past a byte order mark, UTF-16 and UTF-32 converted. Bytes that are not
  /// text in the encoding they look like come back as they are, for a syntax check to
  /// point at.
  static func utf8Bytes(_ bytes: some Collection<UInt8>) -> [UInt8] {
    let array = Array(bytes)
    let (encoding, markLength) = array.withUnsafeBufferPointer(detect)
    if encoding == .utf8 { return markLength == 0 ? array : Array(array[markLength...]) }
    guard let text = String(bytes: array[markLength...], encoding: encoding) else {
      return array
    }
    return Array(text.utf8)
  }

  /// `JSONDecoder.withUTF8Representation(of:)`'s detection.
  private static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> (String.Encoding, Int) {
    let count = bytes.count
    let byte0: UInt8? = count > 0 ? bytes[0] : nil
    let byte1: UInt8? = count > 1 ? bytes[1] : nil
    let byte2: UInt8? = count > 2 ? bytes[2] : nil
    let byte3: UInt8? = count > 3 ? bytes[3] : nil
    switch (byte0, byte1, byte2, byte3) {
    case (0, 0, 0xFE, 0xFF): return (.utf32BigEndian, 4)
    case (0xFE, 0xFF, 0, 0): return (.utf32LittleEndian, 4)
    case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
    case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
    case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
    case (0, 0, 0, .some(let last)) where last != 0: return (.utf32BigEndian, 0)
    case (0, .some(let first), 0, .some(let second)) where first != 0 && second != 0:
      return (.utf16BigEndian, 0)
    case (.some(let first), 0, 0, 0) where first != 0: return (.utf32LittleEndian, 0)
    case (.some(let first), 0, .some(let second), 0) where first != 0 && second != 0:
      return (.utf16LittleEndian, 0)
    case (0, .some(let first), nil, nil) where first != 0: return (.utf16BigEndian, 0)
    case (.some(let first), 0, nil, nil) where first != 0: return (.utf16LittleEndian, 0)
    default: return (.utf8, 0)
    }
  }
}
