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
/// - a number, literal or object key: `[offset]`
/// - a string value: `[offset, length and kind]` (see `FastJSONTape.stringWord`)
/// - an array: `[offset, count, end]`, its elements following
/// - an object: `[offset, count, end, membersStart, flags, bloomLow, bloomHigh]`, then
///   key and value entries in turn; `members[membersStart...]` lists the keys' tape
///   indices in order, and `bloom` has two bits per key (see `FastJSONKeyHash`).
///
/// `end` is the tape index just past the container, `count` its elements or members.
struct FastJSONScanner {
  private let bytes: UnsafePointer<UInt8>
  private let count: Int
  private(set) var tape: FastJSONWords
  private(set) var members: FastJSONWords
  /// The keys of the objects being scanned, innermost last.
  private var keys = FastJSONKeyStack()
  /// The arrays and objects enclosing the innermost one.
  private let frames: UnsafeMutablePointer<Frame>
  /// How deeply arrays and objects may nest.
  private let depthLimit: Int
  /// Where the last element of the top-level array ended that a comma followed: what
  /// `rollBackToLastElement()` keeps.
  private var lastElement: ElementEnd?

  /// The end of an element of the top-level array, its comma included.
  private struct ElementEnd {
    /// The offset just past the comma.
    var next: Int
    var tapeCount: Int
    /// The elements up to this one, this one included.
    var elements: UInt32
    var membersCount: Int
  }

  /// An array or object being scanned.
  private struct Frame {
    var start = 0
    var count: UInt32 = 0
    var keysStart = 0
    var flags: UInt32 = 0
    var bloom: UInt64 = 0
    var isObject = false
  }

  /// A scanner of `count` bytes at `bytes` that allows nesting up to `depthLimit` deep.
  init(
    bytes: UnsafePointer<UInt8>, count: Int, depthLimit: Int = FastJSONTape.maximumDepth
  ) {
    self.bytes = bytes
    self.count = count
    self.depthLimit = depthLimit
    // About what Kiva-shaped JSON needs (some 120 words for a loan of 660 bytes), so that
    // the tape rarely has to grow: growing copies it. Pages not written are never touched.
    tape = FastJSONWords(capacity: count / 5 + 16)
    members = FastJSONWords(capacity: count / 20 + 16)
    frames = .allocate(capacity: FastJSONTape.maximumDepth)
  }

  /// Frees the scratch memory; `tape` and `members` are the caller's to free.
  func freeScratch() {
    keys.free()
    frames.deallocate()
  }

  /// Scans the whole input; throws `FastJSONInvalid` where `JSONScanner` would fail.
  mutating func scan() throws(FastJSONInvalid) {
    guard skipWhitespace(try scanValue()) == count else { throw FastJSONInvalid() }
  }

  /// Scans the value the input starts with (after white space); returns the offset just
  /// past it. Throws `FastJSONInvalid` where `JSONScanner` would fail, or where the
  /// input ends before the value does.
  ///
  /// One loop with its state in locals (the tape's pointer and count, the innermost
  /// container), which the compiler keeps in registers.
  mutating func scanValue() throws(FastJSONInvalid) -> Int {
    let bytes = self.bytes
    let count = self.count
    let depthLimit = self.depthLimit
    var out = tape.base
    var outCount = tape.count
    var outCapacity = tape.capacity
    defer { tape.adopt(base: out, count: outCount, capacity: outCapacity) }
    var pos = skipWhitespace(0)
    guard pos < count else { throw FastJSONInvalid() }
    var depth = 0
    var frame = Frame()  // the innermost array or object, when depth > 0
    var expectKey = false
    // Each round starts at a byte that is not white space, before the end.
    value: while true {
      // Room for what one round can write: a key and an object's header.
      if outCapacity &- outCount < 1 &+ FastJSONTape.objectWords {
        guard outCount < FastJSONTape.maximumWords / 2 else {
          throw FastJSONInvalid(isTooLarge: true)
        }
        FastJSONWords.grow(&out, capacity: &outCapacity, count: outCount)
      }
      if expectKey {
        // An object key, then a colon.
        guard bytes[pos] == FastJSONByte.quote else { throw FastJSONInvalid() }
        let keyIndex = UInt32(truncatingIfNeeded: outCount)
        out[outCount] = UInt32(truncatingIfNeeded: pos)
        outCount &+= 1
        let start = pos &+ 1
        let string = try FastJSONStringScan.end(of: bytes, count: count, from: start)
        var hash: UInt64 = 0
        if string.isPlainASCII, frame.flags & FastJSONTape.slowKeys == 0 {
          let length = string.end &- start
          hash = FastJSONKeyHash.hash(bytes + start, count: length, available: count &- start)
          let bits = FastJSONKeyHash.bloomBits(hash)
          if frame.bloom & bits == bits, frame.flags & FastJSONTape.duplicateKeys == 0,
            isDuplicate(start: start, length: length, hash: hash, since: frame.keysStart, out)
          {
            frame.flags |= FastJSONTape.duplicateKeys
          }
          frame.bloom |= bits
        } else {
          frame.flags |= FastJSONTape.slowKeys
        }
        keys.push(keyIndex, hash: hash)
        pos = string.end &+ 1
        // Most JSON has the colon right after the key, and the value right after it.
        if pos >= count || bytes[pos] != FastJSONByte.colon {
          pos = skipWhitespace(pos)
          guard pos < count, bytes[pos] == FastJSONByte.colon else { throw FastJSONInvalid() }
        }
        pos &+= 1
        if pos >= count || bytes[pos] <= FastJSONByte.space {
          pos = skipWhitespace(pos)
          guard pos < count else { throw FastJSONInvalid() }
        }
        expectKey = false
      }
      let byte = bytes[pos]
      switch byte {
      case FastJSONByte.quote:
        out[outCount] = UInt32(truncatingIfNeeded: pos)
        let start = pos &+ 1
        let string = try FastJSONStringScan.end(of: bytes, count: count, from: start)
        out[outCount &+ 1] = FastJSONTape.stringWord(string, start: start)
        outCount &+= FastJSONTape.stringWords
        pos = string.end &+ 1
      case FastJSONByte.openBrace, FastJSONByte.openBracket:
        guard depth < depthLimit else { throw FastJSONInvalid() }
        if depth > 0 { frames[depth &- 1] = frame }
        depth &+= 1
        let isObject = byte == FastJSONByte.openBrace
        out[outCount] = UInt32(truncatingIfNeeded: pos)
        frame = Frame(start: outCount, keysStart: keys.count, isObject: isObject)
        outCount &+= isObject ? FastJSONTape.objectWords : FastJSONTape.arrayWords
        pos = skipWhitespace(pos &+ 1)
        guard pos < count else { throw FastJSONInvalid() }
        if bytes[pos] == (isObject ? FastJSONByte.closeBrace : FastJSONByte.closeBracket) {
          pos &+= 1
          close(&frame, &depth, out, outCount)
        } else {
          expectKey = isObject
          continue value
        }
      case UInt8(ascii: "t"):
        try expectLiteral(at: pos, 0x6575_7274)  // "true"
        out[outCount] = UInt32(truncatingIfNeeded: pos)
        outCount &+= 1
        pos &+= 4
      case UInt8(ascii: "f"):
        try expectLiteral(at: pos &+ 1, 0x6573_6C61)  // "alse"
        out[outCount] = UInt32(truncatingIfNeeded: pos)
        outCount &+= 1
        pos &+= 5
      case UInt8(ascii: "n"):
        try expectLiteral(at: pos, 0x6C6C_756E)  // "null"
        out[outCount] = UInt32(truncatingIfNeeded: pos)
        outCount &+= 1
        pos &+= 4
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        out[outCount] = UInt32(truncatingIfNeeded: pos)
        outCount &+= 1
        pos = FastJSONNumberText.end(of: bytes, count: count, from: pos &+ 1)
      default:
        throw FastJSONInvalid()
      }
      // After a value: a comma, the end of the enclosing container(s), or the end.
      while depth > 0 {
        frame.count &+= 1
        pos = skipWhitespace(pos)
        guard pos < count else { throw FastJSONInvalid() }
        let closer = frame.isObject ? FastJSONByte.closeBrace : FastJSONByte.closeBracket
        if bytes[pos] == FastJSONByte.comma {
          if depth == 1 {
            lastElement = ElementEnd(
              next: pos &+ 1, tapeCount: outCount, elements: frame.count,
              membersCount: members.count)
          }
          pos = skipWhitespace(pos &+ 1)
          guard pos < count else { throw FastJSONInvalid() }
          // Like Foundation, accept a trailing comma before the closing bracket.
          guard bytes[pos] == closer else {
            expectKey = frame.isObject
            continue value
          }
        } else {
          guard bytes[pos] == closer else { throw FastJSONInvalid() }
        }
        pos &+= 1
        close(&frame, &depth, out, outCount)
      }
      break
    }
    return pos
  }

  /// After `scanValue()` threw on an input that starts with `[`: keeps the elements of
  /// that array up to the last one a comma followed, as if the array ended there, and
  /// returns the offset just past that comma; nil, with the tape left as it is, when no
  /// element was followed by a comma.
  mutating func rollBackToLastElement() -> Int? {
    guard let end = lastElement else { return nil }
    tape.truncate(to: end.tapeCount)
    members.truncate(to: end.membersCount)
    tape[1] = end.elements
    tape[2] = UInt32(truncatingIfNeeded: end.tapeCount)
    return end.next
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
      pos &+= 1
    }
    return pos
  }

  /// Checks for four bytes, `word` in little-endian order, at `pos`.
  @inline(__always)
  private func expectLiteral(at pos: Int, _ word: UInt32) throws(FastJSONInvalid) {
    guard pos &+ 4 <= count,
      UnsafeRawPointer(bytes + pos).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: word)
    else { throw FastJSONInvalid() }
  }

  /// Closes the innermost array or object: fills in its header and member list, and
  /// makes its parent the innermost.
  @inline(__always)
  private mutating func close(
    _ frame: inout Frame, _ depth: inout Int, _ out: UnsafeMutablePointer<UInt32>, _ outCount: Int
  ) {
    let start = frame.start
    out[start &+ 1] = frame.count
    out[start &+ 2] = UInt32(truncatingIfNeeded: outCount)
    if frame.isObject {
      out[start &+ 3] = UInt32(truncatingIfNeeded: members.count)
      out[start &+ 4] = frame.flags
      out[start &+ 5] = UInt32(truncatingIfNeeded: frame.bloom)
      out[start &+ 6] = UInt32(truncatingIfNeeded: frame.bloom >> 32)
      members.append(copying: frame.keysStart..<keys.count, of: keys.indices)
      keys.truncate(to: frame.keysStart)
    }
    depth &-= 1
    if depth > 0 { frame = frames[depth &- 1] }
  }

  /// Whether the plain key at `start` equals an earlier key of the innermost object
  /// (all plain ASCII, else the object would be on the slow path already).
  private func isDuplicate(
    start: Int, length: Int, hash: UInt64, since first: Int, _ out: UnsafeMutablePointer<UInt32>
  ) -> Bool {
    for index in first..<keys.count where keys.hashes[index] == hash {
      let other = Int(out[Int(keys.indices[index])]) + 1
      if bytes[other + length] == FastJSONByte.quote,
        memcmp(bytes + other, bytes + start, length) == 0
      {
        return true
      }
    }
    return false
  }
}
