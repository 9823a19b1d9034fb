import Foundation
import Testing

@testable import KivaShell

/// The splitter's block-at-a-time skipping finds exactly what its byte-by-byte path
/// finds: the same masks, escapes and string bytes, and the same chunks and skeleton for
/// any valid input, however it is read.
@Suite("Splitting a block at a time")
struct FastJSONBlockSkipTests {
  typealias Generator = FastJSONCorruption.SeededGenerator

  /// Bytes that matter to the masks, and their neighbours in bit 5 and elsewhere.
  static let alphabet: [UInt8] =
    Array(#""\{}[]a,: "#.utf8) + [0x3B, 0x3D, 0xDB, 0xDD, 0xFB, 0xFD, 0x02, 0xA2, 0xDC]

  static func randomBlock(using generator: inout Generator) -> [UInt8] {
    (0..<64).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
  }

  /// Bit `index` set for each byte of `block` that `matches`.
  static func reference(_ block: [UInt8], _ matches: (UInt8) -> Bool) -> UInt64 {
    var bits: UInt64 = 0
    for (index, byte) in block.enumerated() where matches(byte) { bits |= 1 << UInt64(index) }
    return bits
  }

  @Test("the masks have one bit per byte, first byte lowest")
  func masks() {
    var generator = Generator(state: 11)
    for round in 0..<500 {
      var block = Self.randomBlock(using: &generator)
      // Half the blocks without a backslash, which skip that mask.
      if round.isMultiple(of: 2) {
        block = block.map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "a") : $0 }
      }
      guard let masks = block.withUnsafeBytes({ $0.baseAddress.map(BlockMasks.init) }) else {
        Issue.record("no bytes")
        return
      }
      #expect(masks.quotes == Self.reference(block) { $0 == UInt8(ascii: "\"") })
      #expect(masks.backslashes == Self.reference(block) { $0 == UInt8(ascii: "\\") })
      #expect(
        masks.brackets
          == Self.reference(block) { #"{[]}"#.utf8.contains($0) })
      for index in 0..<64 where masks.brackets >> UInt64(index) & 1 != 0 {
        #expect(BlockMasks.isOpening(block[index]) == (block[index] & 0xDF == 0x5B))
      }
    }
  }

  @Test("escaped bytes follow runs of backslashes, across blocks")
  func escapes() {
    var generator = Generator(state: 12)
    for _ in 0..<2_000 {
      // Two blocks of backslashes and other bytes, mostly backslashes.
      let bytes: [Bool] = (0..<128).map { _ in Int.random(in: 0..<4, using: &generator) > 0 }
      var expected = [Bool](repeating: false, count: 129)
      var index = 0
      while index < 128 {
        if bytes[index] && !expected[index] {
          expected[index + 1] = true
        }
        index += 1
      }
      var carry: UInt64 = 0
      for block in 0..<2 {
        var backslashes: UInt64 = 0
        for bit in 0..<64 where bytes[block * 64 + bit] { backslashes |= 1 << UInt64(bit) }
        let escaped = FastJSONBlockSkip.escapedBytes(backslashes: backslashes, carry: &carry)
        for bit in 0..<64 {
          #expect((escaped >> UInt64(bit) & 1 != 0) == expected[block * 64 + bit])
        }
      }
      #expect((carry != 0) == expected[128])
    }
  }

  @Test("the prefix exclusive or marks the bytes of each string")
  func prefixXor() {
    #expect(FastJSONBlockSkip.prefixXor(0) == 0)
    #expect(FastJSONBlockSkip.prefixXor(0b1) == ~0)
    // Quotes at 2 and 5: bytes 2, 3 and 4 are inside.
    #expect(FastJSONBlockSkip.prefixXor(0b100100) == 0b11100)
    #expect(FastJSONBlockSkip.prefixXor(1 << 63) == 1 << 63)
  }

  // MARK: - The splitter, both ways

  static func pick<T>(_ options: [T], using generator: inout Generator) -> T {
    options[Int.random(in: 0..<options.count, using: &generator)]
  }

  /// A random JSON value: nested objects and arrays, strings full of brackets, quotes and
  /// runs of backslashes, numbers and literals.
  static func value(depth: Int, using generator: inout Generator) -> String {
    let choice = Int.random(in: 0..<(depth > 5 ? 3 : 6), using: &generator)
    switch choice {
    case 0: return string(using: &generator)
    case 1: return pick(["1", "-2.5e3", "true", "false", "null", "0"], using: &generator)
    case 2: return #""plain""#
    case 3, 4:
      let members = (0..<Int.random(in: 0..<6, using: &generator)).map { _ in
        string(using: &generator) + ":" + value(depth: depth + 1, using: &generator)
      }
      return "{" + members.joined(separator: ",") + "}"
    default:
      let elements = (0..<Int.random(in: 0..<6, using: &generator)).map { _ in
        value(depth: depth + 1, using: &generator)
      }
      return "[" + elements.joined(separator: Bool.random(using: &generator) ? "," : " , ") + "]"
    }
  }

  static func string(using generator: inout Generator) -> String {
    let pieces = [
      #"{"#, #"}"#, #"["#, #"]"#, #","#, #"\""#, #"\\"#, #"\\\\"#, #"\\\""#, "é", "x", "loans",
      #"\u00e9"#, " ",
    ]
    let count = Int.random(in: 0..<40, using: &generator)
    return "\"" + (0..<count).map { _ in pick(pieces, using: &generator) }.joined() + "\""
  }

  static func document(loans: Int, using generator: inout Generator) -> [UInt8] {
    let elements = (0..<loans).map { _ in
      Bool.random(using: &generator)
        ? value(depth: 0, using: &generator)
        : "{" + #""id":1,"s":"# + string(using: &generator) + #","o":"#
          + value(depth: 1, using: &generator) + "}"
    }
    let text =
      #"{"paging":{"page":1,"note":"# + string(using: &generator) + #"},"loans":["#
      + elements.joined(separator: ",") + #"],"after":[{"x":"]"}]}"#
    return Array(text.utf8)
  }

  struct Split: Equatable {
    var chunks: [[UInt8]] = []
    var firstIndices: [Int] = []
    var counts: [Int] = []
    var skeleton: Data?
  }

  /// `bytes` split, fed in pieces of the given sizes (in turn); nil when unsupported.
  static func split(_ bytes: [UInt8], pieces: [Int], chunkBytes: Int, usesBlocks: Bool) -> Split? {
    var splitter = FastJSONArraySplitter(
      key: "loans", chunkBytes: chunkBytes, usesBlocks: usesBlocks)
    var result = Split()
    var position = 0
    var turn = 0
    do {
      while position < bytes.count {
        let size = min(pieces[turn % pieces.count], bytes.count - position)
        turn += 1
        let chunks = try bytes[position..<position + size].withUnsafeBufferPointer {
          try splitter.feed($0)
        }
        for chunk in chunks {
          result.chunks.append(chunk.json)
          result.firstIndices.append(chunk.firstIndex)
          result.counts.append(chunk.count)
        }
        position += size
      }
      result.skeleton = try splitter.finish()
    } catch {
      return nil
    }
    return result
  }

  @Test("random documents split the same a block at a time as byte by byte")
  func sameSplits() throws {
    var generator = Generator(state: 13)
    var blocksUsed = 0
    for round in 0..<300 {
      let bytes = Self.document(loans: Int.random(in: 1..<12, using: &generator), using: &generator)
      #expect((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil, "round \(round)")
      let pieces = (0..<3).map { _ in
        Self.pick([1, 13, 64, 65, 100, 200, 4096], using: &generator)
      }
      let chunkBytes = Self.pick([1, 50, 300, 1 << 20], using: &generator)
      let bytewise = Self.split(bytes, pieces: pieces, chunkBytes: chunkBytes, usesBlocks: false)
      let blockwise = Self.split(bytes, pieces: pieces, chunkBytes: chunkBytes, usesBlocks: true)
      #expect(bytewise != nil, "round \(round)")
      #expect(blockwise == bytewise, "round \(round), pieces \(pieces), chunk \(chunkBytes)")
      if pieces.contains(where: { $0 >= 64 }) && bytes.count > 200 { blocksUsed += 1 }
    }
    #expect(blocksUsed > 100)
  }

  @Test("nesting deeper than the scanner allows is given up on both ways")
  func tooDeep() {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let bytes = Array(#"{"loans":[{"a":"#.utf8) + Array(deep.utf8) + Array("}]}".utf8)
    for usesBlocks in [false, true] {
      #expect(Self.split(bytes, pieces: [4096], chunkBytes: 100, usesBlocks: usesBlocks) == nil)
    }
    let fine = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
    let shallow = Array(#"{"loans":[{"a":"#.utf8) + Array(fine.utf8) + Array("}]}".utf8)
    let expected = Self.split(shallow, pieces: [4096], chunkBytes: 100, usesBlocks: false)
    #expect(expected != nil)
    #expect(Self.split(shallow, pieces: [4096], chunkBytes: 100, usesBlocks: true) == expected)
  }
}
