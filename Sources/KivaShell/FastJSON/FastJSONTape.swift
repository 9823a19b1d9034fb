import Foundation

/// Constants of the tape `FastJSONScanner` writes.
enum FastJSONTape {
  /// How deeply arrays and objects may nest, as in Foundation's `JSONScanner`.
  static let maximumDepth = 512
  /// Words of an array entry: offset, count, end.
  static let arrayWords = 3
  /// Words of an object entry: offset, count, end, membersStart, flags, bloom (2 words).
  static let objectWords = 7
  /// Words of a string value: offset, then what the scan found (see `stringWord`).
  static let stringWords = 2
  /// Object flag: some key has an escape, a control character or a non-ASCII byte, so
  /// keys must be decoded and compared as `String`s (Unicode-equivalent keys match).
  static let slowKeys: UInt32 = 1
  /// Object flag: two keys are the same bytes; the first one wins, as in `JSONDecoder`.
  static let duplicateKeys: UInt32 = 2
  /// The tape index of a `null` that is not in the input: the value a `superDecoder`
  /// gets for a missing key.
  static let syntheticNull = UInt32.max
  /// The most words a tape may have: its indices are `UInt32`s below `syntheticNull`.
  static let maximumWords = Int(UInt32.max) - 64

  /// The second word of a string value, whose contents start at `start`: the length of
  /// its contents shifted up two bits, over `isPlainASCII` and `isSimple`, so that the
  /// decoder need not look for the closing quote again. A string too long for that
  /// (a gigabyte) gets `UInt32.max`, which says to scan it again.
  @inline(__always)
  static func stringWord(_ scan: FastJSONStringScan.End, start: Int) -> UInt32 {
    let length = scan.end &- start
    guard length < 1 << 30 else { return .max }
    let kind = (scan.isPlainASCII ? 2 : 0) | (scan.isSimple ? 1 : 0)
    return UInt32(truncatingIfNeeded: length &<< 2 | kind)
  }

  /// What `stringWord` kept of the string whose contents start at `start`, or nil when
  /// the string must be scanned again.
  @inline(__always)
  static func stringEnd(_ word: UInt32, start: Int) -> FastJSONStringScan.End? {
    guard word != .max else { return nil }
    return FastJSONStringScan.End(
      end: start &+ Int(word &>> 2), isSimple: word & 1 != 0, isPlainASCII: word & 2 != 0)
  }
}

/// ASCII bytes the scanner and the decoder look for.
enum FastJSONByte {
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let space = UInt8(ascii: " ")
  static let newline = UInt8(ascii: "\n")
  static let tab = UInt8(ascii: "\t")
  static let carriageReturn = UInt8(ascii: "\r")
}

/// The input is not JSON that `JSONDecoder` accepts, or a value in it cannot be read as
/// asked (a bad escape, a number that does not fit): `JSONDecoder` throws its internal
/// `JSONError` for these, which reaches the caller as `DecodingError.dataCorrupted`
/// "The given data was not valid JSON." with an empty coding path. Like `JSONError`, it
/// is not a `DecodingError`, so `catch let error as DecodingError` lets it through.
struct FastJSONInvalid: Error {
  /// Not a JSON error: the input needs a bigger index than `UInt32` can address, so it
  /// goes to `JSONDecoder` instead.
  var isTooLarge = false
}

/// Finds where strings end, eight bytes at a time.
enum FastJSONStringScan {
  /// A string's closing quote and whether the string is plain: no escapes, no control
  /// characters, ASCII only.
  struct End {
    var end: Int
    var isSimple: Bool
    var isPlainASCII: Bool
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Bytes of `word` that are `"`, `\` or below 0x20 have their high bit set; only the
  /// lowest flagged byte is sure (borrows may flag bytes above it).
  @inline(__always)
  static func stops(_ word: UInt64) -> UInt64 {
    let quotes = word ^ (ones &* UInt64(FastJSONByte.quote))
    let backslashes = word ^ (ones &* UInt64(FastJSONByte.backslash))
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & highBits
  }

  /// Scans a string whose contents start at `start` (after the opening quote) up to its
  /// closing quote, skipping escapes as `JSONScanner` does: a backslash skips the next
  /// byte, and `\u` the four after it, which must not include a quote.
  @inline(__always)
  static func end(of bytes: UnsafePointer<UInt8>, count: Int, from start: Int)
    throws(FastJSONInvalid) -> End
  {
    var pos = start
    var high: UInt64 = 0
    while pos + 8 <= count {
      let word = UInt64(littleEndian: UnsafeRawPointer(bytes + pos).loadUnaligned(as: UInt64.self))
      let stops = stops(word)
      if stops != 0 {
        let skipped = stops.trailingZeroBitCount >> 3
        high |= word & ((1 &<< UInt64(skipped &* 8)) &- 1)
        pos += skipped
        if bytes[pos] == FastJSONByte.quote {
          return End(end: pos, isSimple: true, isPlainASCII: high & highBits == 0)
        }
        return try slowEnd(of: bytes, count: count, from: pos)
      }
      high |= word
      pos += 8
    }
    while pos < count {
      let byte = bytes[pos]
      if byte == FastJSONByte.quote {
        return End(end: pos, isSimple: true, isPlainASCII: high & highBits == 0)
      }
      if byte == FastJSONByte.backslash || byte < 0x20 { break }
      high |= UInt64(byte)
      pos += 1
    }
    return try slowEnd(of: bytes, count: count, from: pos)
  }

  /// The rest of a string that has an escape or a control character at `start`.
  private static func slowEnd(of bytes: UnsafePointer<UInt8>, count: Int, from start: Int)
    throws(FastJSONInvalid) -> End
  {
    var pos = start
    while pos < count {
      switch bytes[pos] {
      case FastJSONByte.quote:
        return End(end: pos, isSimple: false, isPlainASCII: false)
      case FastJSONByte.backslash:
        pos += 1
        guard pos < count else { throw FastJSONInvalid() }
        if bytes[pos] == UInt8(ascii: "u") {
          guard pos + 5 <= count else { throw FastJSONInvalid() }
          for offset in 1...4 where bytes[pos + offset] == FastJSONByte.quote {
            throw FastJSONInvalid()
          }
          pos += 4
        }
        pos += 1
      default:
        pos += 1
      }
    }
    throw FastJSONInvalid()
  }
}

/// Where numbers end: `JSONScanner` takes any run of digits, `.`, `+`, `-`, `e` and `E`
/// after the first character, and checks the grammar only when the number is decoded.
enum FastJSONNumberText {
  @inline(__always)
  static func isNumberByte(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "+") || byte | 0x20 == UInt8(ascii: "e")
  }

  @inline(__always)
  static func end(of bytes: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
    var pos = start
    while pos < count, isNumberByte(bytes[pos]) { pos += 1 }
    return pos
  }
}

/// The hash of an object key, computed from its bytes by the scanner and from a
/// `CodingKey`'s `stringValue` by the decoder: two bloom filter bits per key let a lookup
/// tell most absent keys without comparing.
enum FastJSONKeyHash {
  /// The first eight bytes (zero-padded), and then for keys of 9 to 16 bytes the rest
  /// (zero-padded), for longer keys the last eight bytes, else 0; of `count` bytes at
  /// `pointer`, of which `available` may be read. (The rest is read without spanning the
  /// eighth byte, which would stall on a small `String`'s bytes copied to the stack.)
  @inline(__always)
  static func words(_ pointer: UnsafePointer<UInt8>, count: Int, available: Int)
    -> (first: UInt64, last: UInt64)
  {
    let raw = UnsafeRawPointer(pointer)
    if count >= 8 {
      let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      if count > 16 {
        return (
          first, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        )
      }
      if count == 8 { return (first, 0) }
      if available >= 16 {
        let rest = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        return (first, rest & lowBytes(count &- 8))
      }
      return (first, shortWord(pointer + 8, count: count &- 8))
    }
    if available >= 8 {
      let word = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
      return (word & lowBytes(count), 0)
    }
    return (shortWord(pointer, count: count), 0)
  }

  /// A mask of the low `count` bytes of a word, for `count` from 0 to 8.
  @inline(__always)
  static func lowBytes(_ count: Int) -> UInt64 {
    count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
  }

  /// The 1 to 7 bytes at `pointer` as a zero-padded little-endian word, read with
  /// two overlapping loads that stay within the bytes.
  @inline(__always)
  static func shortWord(_ pointer: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let raw = UnsafeRawPointer(pointer)
    if count >= 4 {
      let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let high = UInt64(
        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      return low | high &<< UInt64((count &- 4) &* 8)
    }
    if count >= 2 {
      let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
      let high = UInt64(
        UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
      return low | high &<< UInt64((count &- 2) &* 8)
    }
    return count == 1 ? UInt64(pointer[0]) : 0
  }

  /// The hash of a key from its first eight bytes (zero-padded) and its length: one
  /// multiplication; keys that share both only cost an extra comparison.
  @inline(__always)
  static func hash(first: UInt64, count: Int) -> UInt64 {
    (first ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)) &* 0xD6E8_FEB8_6659_FD93
  }

  @inline(__always)
  static func hash(_ pointer: UnsafePointer<UInt8>, count: Int, available: Int) -> UInt64 {
    let first: UInt64
    if available >= 8 {
      first =
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
        & lowBytes(count)
    } else {
      first = shortWord(pointer, count: count)
    }
    return hash(first: first, count: count)
  }

  /// The key's two bits in an object's 64-bit bloom filter (two, the best number for
  /// the 10 to 30 keys of a typical object: an absent key then gets past the filter
  /// about half as often as with one).
  @inline(__always)
  static func bloomBits(_ hash: UInt64) -> UInt64 {
    1 &<< (hash >> 58) | 1 &<< ((hash >> 52) & 63)
  }
}
