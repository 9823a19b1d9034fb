import Foundation

/// Reads the text around one array member of a JSON text's top-level object — `loans` of
/// `{"paging": …, "loans": [ … ]}` — read piece by piece: the *skeleton*, the text with
/// that array emptied. A text whose root is an array (`[ … ]`, what `kivash --json list`
/// prints) is that array itself, and its skeleton `[]`.
///
/// It reads up to the array's opening bracket and stops there, so that the caller can
/// hand the array's bytes to `FastJSONArrayPieces`, and takes the text again from the
/// array's closing bracket on. It only finds where the array begins (strings, nesting,
/// keys at the top level); the skeleton is checked by `FastJSONScanner` when it is
/// decoded (a bare array's by this reader, which takes only white space around it), the
/// elements by `FastJSONArrayPieces`, and together they are valid exactly when the whole
/// text is. Anything it cannot read with certainty (another root, a key
/// written with escapes, the member twice or not an array, deep nesting) makes it give
/// up with `Unsupported`, and the caller decodes the text whole instead.
struct FastJSONSkeletonReader {
  /// The text is not shaped for reading in pieces; decode it whole.
  struct Unsupported: Error {}

  private enum Phase {
    /// Before the root object.
    case start
    /// In the root object, outside the array.
    case object
    /// After the key, before its value.
    case awaitingArray
    /// At the array's elements: the caller reads them.
    case elements
  }

  private let key: [UInt8]
  private var phase = Phase.start
  private var depth = 0
  private var inString = false
  /// The next byte is escaped by a backslash.
  private var escaped = false
  /// Bytes of a `\u` escape still to skip.
  private var unicodeBytes = 0
  /// At depth 1, the next string is a key.
  private var expectingKey = false
  /// The key being read, while `capturingKey`.
  private var keyBytes: [UInt8] = []
  private var capturingKey = false
  /// The last key read was `key`, and its colon has not come yet.
  private var keyMatched = false
  private var arraySeen = false
  /// The array is the root of the text, not a member of a root object.
  private(set) var isRootArray = false
  /// The root object has ended: only white space may follow.
  private var rootClosed = false
  /// The text without the array's elements.
  private(set) var skeleton: [UInt8] = []
  /// More text than this around the array is not a loans response: give up early rather
  /// than hold it all, only to read the file whole after.
  private let maximumBytes: Int

  /// A reader of the text around the array under `key`, of at most about `maximumBytes`.
  init(key: String, maximumBytes: Int = 16 << 20) {
    self.key = Array(key.utf8)
    self.maximumBytes = maximumBytes
  }

  /// Reads the next bytes of the text. Returns the offset in `buffer` just past the
  /// array's opening bracket when the array begins in it, and reads no further: the
  /// bytes from there on are the array's. Returns nil when every byte was read.
  ///
  /// Once the array has begun, only `resumeAfterArray()` goes on.
  mutating func feed(_ buffer: UnsafeBufferPointer<UInt8>) throws(Unsupported) -> Int? {
    guard phase != .elements, skeleton.count <= maximumBytes else { throw Unsupported() }
    guard let base = buffer.baseAddress else { return nil }
    let count = buffer.count
    var position = 0
    defer { skeleton.append(contentsOf: UnsafeBufferPointer(start: base, count: position)) }
    while position < count {
      if inString {
        position = try stringEnd(base, count: count, from: position)
        continue
      }
      let byte = base[position]
      position += 1
      switch byte {
      case FastJSONByte.quote:
        inString = true
        if phase == .start || rootClosed || phase == .awaitingArray { throw Unsupported() }
        if depth == 1 && expectingKey {
          capturingKey = true
          keyBytes.removeAll(keepingCapacity: true)
        }
      case FastJSONByte.openBrace, FastJSONByte.openBracket:
        try open(byte)
        if phase == .awaitingArray {
          guard byte == FastJSONByte.openBracket else { throw Unsupported() }
          phase = .elements
          arraySeen = true
          return position
        }
      case FastJSONByte.closeBrace, FastJSONByte.closeBracket:
        if phase == .awaitingArray || phase == .start || rootClosed { throw Unsupported() }
        close()
      case FastJSONByte.comma:
        // Outside the root: never valid, and a bare array's skeleton is not checked again.
        if depth == 0 { throw Unsupported() }
        if depth == 1 {
          expectingKey = true
        } else if phase == .awaitingArray {
          throw Unsupported()
        }
      case FastJSONByte.colon:
        if depth == 0 { throw Unsupported() }
        if depth == 1 && phase == .object && keyMatched {
          guard !arraySeen else { throw Unsupported() }
          phase = .awaitingArray
        }
        keyMatched = false
      case FastJSONByte.space, FastJSONByte.newline, FastJSONByte.tab,
        FastJSONByte.carriageReturn:
        break
      default:
        // A scalar where the root object or the array should begin.
        if phase != .object || depth == 0 || rootClosed { throw Unsupported() }
      }
    }
    return nil
  }

  /// Takes the text again at the array's closing bracket, which the caller found: the
  /// skeleton gets it, and `feed(_:)` reads what follows.
  mutating func resumeAfterArray() throws(Unsupported) {
    guard phase == .elements else { throw Unsupported() }
    phase = .object
    skeleton.append(FastJSONByte.closeBracket)
    close()
  }

  /// Checks that the text ended where it may; returns the skeleton.
  func finish() throws(Unsupported) -> Data {
    guard arraySeen, phase == .object, rootClosed, !inString else { throw Unsupported() }
    return Data(skeleton)
  }

  private mutating func open(_ byte: UInt8) throws(Unsupported) {
    if rootClosed { throw Unsupported() }
    if phase == .start {
      // The root array is the array itself: `feed(_:)` stops at its bracket.
      isRootArray = byte == FastJSONByte.openBracket
      phase = isRootArray ? .awaitingArray : .object
    }
    depth += 1
    guard depth < FastJSONTape.maximumDepth else { throw Unsupported() }
    expectingKey = depth == 1 && byte == FastJSONByte.openBrace
  }

  private mutating func close() {
    depth -= 1
    expectingKey = false
    if depth == 0 { rootClosed = true }
  }

  /// Moves past the string bytes from `position`: to just past its closing quote, or to
  /// the end of the buffer. A key at depth 1 is kept to compare with `key`.
  ///
  /// Escapes are skipped as `FastJSONScanner` skips them, so that both see the same
  /// strings: a backslash skips the next byte, and `\u` the four after it, which must not
  /// be quotes.
  private mutating func stringEnd(_ base: UnsafePointer<UInt8>, count: Int, from start: Int)
    throws(Unsupported) -> Int
  {
    var position = start
    if escaped {
      escaped = false
      if base[position] == UInt8(ascii: "u") { unicodeBytes = 4 }
      position += 1
    }
    while unicodeBytes > 0 {
      guard position < count else { return position }
      if base[position] == FastJSONByte.quote { throw Unsupported() }
      unicodeBytes -= 1
      position += 1
    }
    if !capturingKey {
      while position + 8 <= count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
        let stops = FastJSONStringScan.stops(word)
        if stops == 0 {
          position += 8
          continue
        }
        position += stops.trailingZeroBitCount >> 3
        let byte = base[position]
        if byte == FastJSONByte.quote || byte == FastJSONByte.backslash { break }
        position += 1
      }
    }
    while position < count {
      let byte = base[position]
      if byte == FastJSONByte.quote {
        inString = false
        if capturingKey {
          capturingKey = false
          expectingKey = false
          keyMatched = keyBytes == key
          if keyMatched && arraySeen { throw Unsupported() }
        }
        return position + 1
      }
      if byte == FastJSONByte.backslash {
        // A key written with escapes may spell `key`: too subtle to read in pieces.
        if capturingKey { throw Unsupported() }
        // The escape is finished by the next call, in this buffer or the next.
        escaped = true
        return position + 1
      }
      if capturingKey { keyBytes.append(byte) }
      position += 1
    }
    return position
  }
}
