/// Skips through the inside of a JSON value 64 bytes at a time, for
/// `FastJSONArraySplitter`, which only needs to know where each array element ends.
///
/// Byte by byte, a splitter pays for every string and every token; here each block of 64
/// bytes becomes bit masks (quotes, brackets, and backslashes when there are any; sixteen
/// bytes per vector compare), the backslash-escaped bytes and then the bytes inside
/// strings follow from them with a few integer operations, and only the brackets outside
/// strings are visited one by one — about ten per Kiva loan — and told apart by their
/// byte.
///
/// A backslash outside a string is taken as an escape here, where the byte-by-byte path
/// ignores it. Such input is not JSON, and the chunk that holds it fails to scan either
/// way: the cuts before it are where the byte-by-byte path would make them.
enum FastJSONBlockSkip {
  /// Bytes per block.
  static let blockBytes = 64

  /// Where a skip stopped, and the splitter's state there.
  struct State {
    /// How deep in arrays and objects the bytes up to `position` leave the splitter.
    var depth: Int
    /// Whether `position` is inside a string.
    var inString: Bool
    /// Whether the byte at `position` is escaped by a backslash before it.
    var escaped: Bool
  }

  /// Skips from `start`, at `state`, until a closing bracket outside strings brings the
  /// depth down to `floor` (returns the position after it) or fewer than 64 bytes remain
  /// (returns where they begin). Returns nil when an opening bracket would reach `limit`.
  static func skip(
    _ base: UnsafePointer<UInt8>, count: Int, from start: Int, state: inout State, floor: Int,
    limit: Int
  ) -> Int? {
    var position = start
    var depth = state.depth
    // All ones while inside a string at a block's start; the low bit carries an escape.
    var stringCarry: UInt64 = state.inString ? ~0 : 0
    var escapeCarry: UInt64 = state.escaped ? 1 : 0
    while position &+ blockBytes <= count {
      let masks = BlockMasks(UnsafeRawPointer(base + position))
      let escaped = escapedBytes(backslashes: masks.backslashes, carry: &escapeCarry)
      let inside = prefixXor(masks.quotes & ~escaped) ^ stringCarry
      stringCarry = UInt64(bitPattern: Int64(bitPattern: inside) >> 63)
      var brackets = masks.brackets & ~inside
      while brackets != 0 {
        let index = brackets.trailingZeroBitCount
        if BlockMasks.isOpening(base[position &+ index]) {
          depth &+= 1
          guard depth < limit else { return nil }
        } else {
          depth &-= 1
          if depth == floor {
            // A closing bracket is outside any string, and nothing escapes past it.
            state = State(depth: depth, inString: false, escaped: false)
            return position &+ index &+ 1
          }
        }
        brackets &= brackets &- 1
      }
      position &+= blockBytes
    }
    state = State(depth: depth, inString: stringCarry != 0, escaped: escapeCarry != 0)
    return position
  }

  /// The bytes escaped by a backslash: each backslash not itself escaped escapes the
  /// next byte. `carry` (bit 0) says the block's first byte is escaped, and becomes
  /// whether the next block's is.
  @inline(__always)
  static func escapedBytes(backslashes: UInt64, carry: inout UInt64) -> UInt64 {
    var escaped = carry
    carry = 0
    var escaping = backslashes & ~escaped
    while escaping != 0 {
      let backslash = escaping & (0 &- escaping)
      let next = backslash &<< 1
      if next == 0 { carry = 1 }
      escaped |= next
      escaping &= ~(backslash | next)
    }
    return escaped
  }

  /// Each bit the exclusive or of itself and every lower bit: from an opening quote up
  /// to (not including) its closing quote, the bits inside a string.
  @inline(__always)
  static func prefixXor(_ bits: UInt64) -> UInt64 {
    var result = bits
    result ^= result &<< 1
    result ^= result &<< 2
    result ^= result &<< 4
    result ^= result &<< 8
    result ^= result &<< 16
    result ^= result &<< 32
    return result
  }
}

/// One bit per byte of a 64-byte block (bit 0 the first byte) for the bytes the splitter
/// looks for.
///
/// Turning a vector compare into bits is the costly step (no instruction for it can be
/// reached from Swift), so brackets share one mask, and backslashes, rare in JSON, are
/// only turned into bits when the block has one.
struct BlockMasks {
  var quotes: UInt64 = 0
  var backslashes: UInt64 = 0
  /// `{`, `[`, `}` and `]`: `isOpening` tells them apart.
  var brackets: UInt64 = 0

  @inline(__always)
  init(_ block: UnsafeRawPointer) {
    var anyBackslash = SIMDMask<SIMD16<Int8>>(repeating: false)
    for part in 0..<4 {
      let bytes = block.loadUnaligned(fromByteOffset: part &* 16, as: SIMD16<UInt8>.self)
      // `[` and `{` differ only in bit 5, as do `]` and `}`.
      let folded = bytes | SIMD16(repeating: 0x20)
      let shift = UInt64(part &* 16)
      quotes |= Self.bits(bytes .== SIMD16(repeating: FastJSONByte.quote)) &<< shift
      brackets |=
        Self.bits(
          (folded .== SIMD16(repeating: FastJSONByte.openBrace))
            .| (folded .== SIMD16(repeating: FastJSONByte.closeBrace))) &<< shift
      anyBackslash .|= bytes .== SIMD16(repeating: FastJSONByte.backslash)
    }
    // Not `any(_:)`, which looks at the lanes one by one.
    let (backslashLow, backslashHigh) = unsafeBitCast(anyBackslash, to: (UInt64, UInt64).self)
    if backslashLow | backslashHigh != 0 {
      for part in 0..<4 {
        let bytes = block.loadUnaligned(fromByteOffset: part &* 16, as: SIMD16<UInt8>.self)
        backslashes |=
          Self.bits(bytes .== SIMD16(repeating: FastJSONByte.backslash)) &<< UInt64(part &* 16)
      }
    }
  }

  /// Whether a bracket opens: `{` and `[` have bit 1 set, `}` and `]` do not.
  @inline(__always)
  static func isOpening(_ bracket: UInt8) -> Bool {
    bracket & 0x02 != 0
  }

  /// The lanes of `mask` as the low 16 bits, lane 0 lowest.
  @inline(__always)
  static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    let lanes = SIMD16<UInt8>(repeating: 0).replacing(with: 0x80, where: mask)
    let (low, high) = unsafeBitCast(lanes, to: (UInt64, UInt64).self)
    return gatherHighBits(UInt64(littleEndian: low))
      | gatherHighBits(UInt64(littleEndian: high)) &<< 8
  }

  /// The top bit of each byte of `word` (bytes holding 0 or 0x80), as eight bits: the
  /// multiplier moves byte k's top bit to bit 56 + k, and no two partial products
  /// overlap there.
  @inline(__always)
  static func gatherHighBits(_ word: UInt64) -> UInt64 {
    (word &* 0x0002_0408_1020_4081) &>> 56
  }
}
