/// ASCII strings of up to 15 bytes made straight from their bytes.
///
/// Such a `String` holds its bytes in its own two words, with its length and kind in the
/// top byte; `String(decoding:as:)` checks the bytes again and copies them in one by one,
/// about 150 instructions for a name or a country the scanner has already found to be
/// plain ASCII (several per loan). Here the two words are loaded and masked. The layout is
/// the standard library's, not a promise: `isAvailable` compares what `make` builds with
/// what the standard library builds, for every length, and when they differ strings are
/// made the ordinary way.
enum FastJSONSmallString {
  /// The longest string that fits.
  static let capacity = 15

  /// Whether `make` builds exactly the strings the standard library builds here.
  static let isAvailable: Bool = {
    guard MemoryLayout<String>.size == 16 else { return false }
    // More than 16 bytes, so that both ways of reading them are checked: whole words,
    // and byte by byte where fewer than 16 may be read.
    let sample = Array("Kiva loans, 0-9 and more".utf8)
    return sample.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return (0...capacity).allSatisfy { count in
        let expected = String(
          decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        return [buffer.count, count].allSatisfy { readable in
          let made = make(base, count: count, readable: readable)
          return words(made) == words(expected) && made == expected
        }
      }
    }
  }()

  /// The ASCII string of the `count` (at most 15) bytes at `bytes`, of which `readable`
  /// may be read. Only when `isAvailable`.
  @inline(__always)
  static func make(_ bytes: UnsafePointer<UInt8>, count: Int, readable: Int) -> String {
    // The bytes, zero-padded, as two words: what key hashing reads of a key.
    var (low, high) = FastJSONKeyHash.words(bytes, count: count, available: readable)
    // Immortal, small, ASCII (0xE), and the length.
    high |= (0xE0 | UInt64(count)) &<< 56
    return unsafeBitCast((low, high), to: String.self)
  }

  private static func words(_ string: String) -> (UInt64, UInt64) {
    unsafeBitCast(string, to: (UInt64, UInt64).self)
  }
}
