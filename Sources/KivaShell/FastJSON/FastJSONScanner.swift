import Foundation

/// Phase one of `FastJSONDecoder`: one pass over the bytes that checks the JSON's
/// structure and writes a flat index of it (the *tape*), without recursion.
///
/// It accepts exactly what Foundation's `JSONScanner` (behind `JSONDecoder`) accepts,
/// which is more than RFC 8259: trailing commas in arrays and objects are allowed, and
/// strings and numbers are only delimited here; their contents (escapes, control
/// characters, UTF-8, leading zeros) are checked when a value is decoded, so a bad value
/// nobody asks for is never an error. At most 512 arrays and objects may nest.
///
/// Tape layout, in `UInt32` words; every entry starts with the byte offset of its value,
/// whose first byte (`"`, `{`, `[`, `t`, `f`, `n`, `-` or a digit) gives its kind:
/// - a string, number, literal or object key: `[offset]`
/// - an array: `[offset, count, end]`, its elements following
/// - an object: `[offset, count, end, membersStart, flags, bloomLow, bloomHigh]`, then
///   key and value entries in turn; `members[membersStart...]` lists the keys' tape
///   indices in order, and `bloom` has one bit per key (see `FastJSONKeyHash`).
///
/// `end` is the tape index just past the container, `count` its elements or members.
struct FastJSONScanner {
  private let bytes: UnsafePointer<UInt8>
  private let count: Int
  private(set) var tape: FastJSONWords
  private(set) var members: FastJSONWords
  /// The tape indices of the keys of the objects being scanned, innermost last.
  private var keys = FastJSONWords(capacity: 64)
  private var frames: UnsafeMutablePointer<Frame>
  private var depth = 0

  /// An array or object being scanned.
  private struct Frame {
    var start: Int
    var count: UInt32 = 0
    var keysStart: Int = 0
    var flags: UInt32 = 0
    var bloom: UInt64 = 0
    var isObject: Bool
  }

  init(bytes: UnsafePointer<UInt8>, count: Int) {
    self.bytes = bytes
    self.count = count
    tape = FastJSONWords(capacity: count / 6 + 16)
    members = FastJSONWords(capacity: count / 24 + 16)
    frames = .allocate(capacity: FastJSONTape.maximumDepth)
  }

  /// Frees the scratch memory; `tape` and `members` are the caller's to free.
  func freeScratch() {
    keys.free()
    frames.deallocate()
  }

  /// Scans the whole input; throws `FastJSONInvalid` where `JSONScanner` would fail.
  mutating func scan() throws(FastJSONInvalid) {
    var pos = 0
    value: while true {
      pos = skipWhitespace(pos)
      guard pos < count else { throw FastJSONInvalid() }
      switch bytes[pos] {
      case FastJSONByte.quote:
        tape.append(UInt32(truncatingIfNeeded: pos))
        pos = try FastJSONStringScan.end(of: bytes, count: count, from: pos + 1).end + 1
      case FastJSONByte.openBrace:
        pos = skipWhitespace(try open(at: pos, isObject: true))
        guard pos < count else { throw FastJSONInvalid() }
        if bytes[pos] == FastJSONByte.closeBrace {
          pos += 1
          close()
        } else {
          pos = try scanKey(at: pos)
          continue value
        }
      case FastJSONByte.openBracket:
        pos = skipWhitespace(try open(at: pos, isObject: false))
        guard pos < count else { throw FastJSONInvalid() }
        if bytes[pos] == FastJSONByte.closeBracket {
          pos += 1
          close()
        } else {
          continue value
        }
      case UInt8(ascii: "t"):
        try expectLiteral(at: pos, 0x6575_7274, length: 4)  // "true"
        tape.append(UInt32(truncatingIfNeeded: pos))
        pos += 4
      case UInt8(ascii: "f"):
        try expectLiteral(at: pos + 1, 0x6573_6C61, length: 4)  // "alse"
        tape.append(UInt32(truncatingIfNeeded: pos))
        pos += 5
      case UInt8(ascii: "n"):
        try expectLiteral(at: pos, 0x6C6C_756E, length: 4)  // "null"
        tape.append(UInt32(truncatingIfNeeded: pos))
        pos += 4
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        tape.append(UInt32(truncatingIfNeeded: pos))
        pos = FastJSONNumberText.end(of: bytes, count: count, from: pos + 1)
      default:
        throw FastJSONInvalid()
      }
      // After a value: a comma, the end of the enclosing container(s), or the end.
      while depth > 0 {
        frames[depth - 1].count += 1
        pos = skipWhitespace(pos)
        guard pos < count else { throw FastJSONInvalid() }
        let isObject = frames[depth - 1].isObject
        let closer = isObject ? FastJSONByte.closeBrace : FastJSONByte.closeBracket
        if bytes[pos] == FastJSONByte.comma {
          pos = skipWhitespace(pos + 1)
          guard pos < count else { throw FastJSONInvalid() }
          // Like Foundation, accept a trailing comma before the closing bracket.
          guard bytes[pos] == closer else {
            if isObject { pos = try scanKey(at: pos) }
            continue value
          }
        } else {
          guard bytes[pos] == closer else { throw FastJSONInvalid() }
        }
        pos += 1
        close()
      }
      break
    }
    guard skipWhitespace(pos) == count else { throw FastJSONInvalid() }
  }

  @inline(__always)
  private func skipWhitespace(_ start: Int) -> Int {
    var pos = start
    while pos < count {
      let byte = bytes[pos]
      guard byte <= FastJSONByte.space,
        byte == FastJSONByte.space || byte == FastJSONByte.newline || byte == FastJSONByte.tab
          || byte == FastJSONByte.carriageReturn
      else { break }
      pos += 1
    }
    return pos
  }

  private func expectLiteral(at pos: Int, _ word: UInt32, length: Int) throws(FastJSONInvalid) {
    guard pos + length <= count,
      UnsafeRawPointer(bytes + pos).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: word)
    else { throw FastJSONInvalid() }
  }

  /// Opens an array or object at `pos`; returns the position after its bracket.
  private mutating func open(at pos: Int, isObject: Bool) throws(FastJSONInvalid) -> Int {
    guard depth < FastJSONTape.maximumDepth else { throw FastJSONInvalid() }
    let start = tape.reserve(isObject ? FastJSONTape.objectWords : FastJSONTape.arrayWords)
    tape[start] = UInt32(truncatingIfNeeded: pos)
    frames.advanced(by: depth).initialize(
      to: Frame(start: start, keysStart: keys.count, isObject: isObject))
    depth += 1
    return pos + 1
  }

  /// Closes the innermost array or object: fills in its header and member list.
  private mutating func close() {
    depth -= 1
    let frame = frames[depth]
    tape[frame.start + 1] = frame.count
    tape[frame.start + 2] = UInt32(truncatingIfNeeded: tape.count)
    guard frame.isObject else { return }
    tape[frame.start + 3] = UInt32(truncatingIfNeeded: members.count)
    tape[frame.start + 4] = frame.flags
    tape[frame.start + 5] = UInt32(truncatingIfNeeded: frame.bloom)
    tape[frame.start + 6] = UInt32(truncatingIfNeeded: frame.bloom >> 32)
    members.append(copying: frame.keysStart..<keys.count, of: keys.base)
    keys.truncate(to: frame.keysStart)
  }

  /// Scans an object key at `pos` and the colon after it; returns the position after it.
  private mutating func scanKey(at pos: Int) throws(FastJSONInvalid) -> Int {
    guard bytes[pos] == FastJSONByte.quote else { throw FastJSONInvalid() }
    keys.append(UInt32(truncatingIfNeeded: tape.count))
    tape.append(UInt32(truncatingIfNeeded: pos))
    let string = try FastJSONStringScan.end(of: bytes, count: count, from: pos + 1)
    noteKey(start: pos + 1, length: string.end - pos - 1, isPlain: string.isPlainASCII)
    let colon = skipWhitespace(string.end + 1)
    guard colon < count, bytes[colon] == FastJSONByte.colon else { throw FastJSONInvalid() }
    return colon + 1
  }

  /// Adds a key to the innermost object's bloom filter and checks it for duplicates.
  private mutating func noteKey(start: Int, length: Int, isPlain: Bool) {
    let frame = frames.advanced(by: depth - 1)
    guard isPlain, frame.pointee.flags & FastJSONTape.slowKeys == 0 else {
      frame.pointee.flags |= FastJSONTape.slowKeys
      return
    }
    let hash = FastJSONKeyHash.hash(bytes + start, count: length, available: count - start)
    let bit = FastJSONKeyHash.bloomBit(hash)
    if frame.pointee.bloom & bit != 0, frame.pointee.flags & FastJSONTape.duplicateKeys == 0 {
      // Maybe a duplicate: compare with the object's earlier keys, all plain ASCII.
      for index in frame.pointee.keysStart..<(keys.count - 1) {
        let other = Int(tape[Int(keys[index])]) + 1
        if bytes[other + length] == FastJSONByte.quote,
          memcmp(bytes + other, bytes + start, length) == 0
        {
          frame.pointee.flags |= FastJSONTape.duplicateKeys
          break
        }
      }
    }
    frame.pointee.bloom |= bit
  }
}
