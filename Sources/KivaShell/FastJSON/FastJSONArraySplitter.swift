import Foundation

/// Splits a JSON text, read piece by piece, into the elements of one array member of its
/// top-level object — `loans` of `{"paging": …, "loans": [ … ]}` — in chunks of about
/// `chunkBytes`, and the rest: the *skeleton*, the text with that array emptied.
///
/// Each chunk is itself a JSON array (`[` elements `]`), so it can be indexed and
/// decoded on its own while the next bytes are read, and the input never has to be in
/// memory whole. The splitter only finds where the elements begin and end (strings,
/// nesting, commas); the chunks and the skeleton are checked by `FastJSONScanner` as
/// they are decoded, and together they are valid exactly when the whole input is.
/// Anything it cannot split with certainty (another root, a key written with escapes,
/// the member twice, deep nesting, an empty element between two chunks) makes it give
/// up with `Unsupported`, and the caller decodes the input whole instead.
struct FastJSONArraySplitter {
  /// The input is not shaped for splitting; decode it whole.
  struct Unsupported: Error {}

  /// Elements of the array as a JSON array of their own.
  struct Chunk: Sendable {
    /// `[` the elements' bytes `]`.
    var json: [UInt8]
    /// The position in the whole array of the chunk's first element.
    var firstIndex: Int
    /// How many elements the chunk holds, by the splitter's count of commas.
    var count: Int
  }

  private enum Phase {
    /// Before the root object.
    case start
    /// In the root object, outside the array.
    case object
    /// After the key, before its value.
    case awaitingArray
    /// Inside the array.
    case elements
  }

  private let key: [UInt8]
  private let chunkBytes: Int
  private var phase = Phase.start
  private var depth = 0
  private var inString = false
  private var escaped = false
  /// At depth 1, the next string is a key.
  private var expectingKey = false
  /// The key being read, while `capturingKey`.
  private var keyBytes: [UInt8] = []
  private var capturingKey = false
  /// The last key read was `key`, and its colon has not come yet.
  private var keyMatched = false
  private var arraySeen = false
  /// The root object has ended: only white space may follow.
  private var rootClosed = false
  /// The input without the array's elements.
  private(set) var skeleton: [UInt8] = []
  /// `[` and the elements read since the last chunk was cut: it becomes the next
  /// chunk's bytes as it is, without a copy.
  private var pending: [UInt8] = [FastJSONByte.openBracket]
  /// Buffers of chunks already decoded, to fill again (see `recycle(_:)`).
  private var spareBuffers: [[UInt8]] = []
  /// Whether the current element has anything but white space yet.
  private var elementHasContent = false
  /// Commas seen at the array's level: the index of the element being read.
  private var elementIndex = 0
  /// The index of the first element in `pending`.
  private var pendingFirstIndex = 0

  /// Whether bytes inside elements are skipped a block at a time (`FastJSONBlockSkip`)
  /// rather than byte by byte; tests compare the two.
  private let usesBlocks: Bool

  /// A splitter for the array under `key`, cutting chunks of about `chunkBytes`.
  init(key: String, chunkBytes: Int, usesBlocks: Bool = true) {
    self.key = Array(key.utf8)
    self.chunkBytes = chunkBytes
    self.usesBlocks = usesBlocks
  }

  /// Reads the next bytes of the input; returns the chunks they complete.
  mutating func feed(_ buffer: UnsafeBufferPointer<UInt8>) throws(Unsupported) -> [Chunk] {
    guard let base = buffer.baseAddress else { return [] }
    let count = buffer.count
    var chunks: [Chunk] = []
    var position = 0
    // Bytes from `copied` on are not yet in the skeleton or in `pending`.
    var copied = 0
    func flush(upTo end: Int, elements: Bool) {
      guard end > copied else { return }
      let piece = UnsafeBufferPointer(start: base + copied, count: end - copied)
      if elements { pending.append(contentsOf: piece) } else { skeleton.append(contentsOf: piece) }
      copied = end
    }
    while position < count {
      if phase == .elements, depth > 2, usesBlocks,
        count &- position >= FastJSONBlockSkip.blockBytes
      {
        // Inside an element: only its end matters, found a block at a time.
        position = try skipInElement(base, count: count, from: position)
        continue
      }
      if inString {
        position = try stringEnd(base, count: count, from: position)
        continue
      }
      let byte = base[position]
      switch byte {
      case FastJSONByte.quote:
        inString = true
        if phase == .start || rootClosed { throw Unsupported() }
        if phase == .elements {
          elementHasContent = true
        } else if depth == 1 && expectingKey {
          capturingKey = true
          keyBytes.removeAll(keepingCapacity: true)
        } else if phase == .awaitingArray {
          throw Unsupported()
        }
      case FastJSONByte.openBrace, FastJSONByte.openBracket:
        try open(byte)
        if phase == .awaitingArray {
          // The array begins: the skeleton gets it empty, its elements go to `pending`.
          guard byte == FastJSONByte.openBracket else { throw Unsupported() }
          flush(upTo: position + 1, elements: false)
          phase = .elements
          arraySeen = true
          pendingFirstIndex = 0
          elementIndex = 0
          elementHasContent = false
        } else if phase == .elements {
          elementHasContent = true
        }
      case FastJSONByte.closeBrace, FastJSONByte.closeBracket:
        if phase == .elements && depth == 2 {
          // The array ends: what is pending is the last chunk.
          flush(upTo: position, elements: true)
          let count = elementIndex - pendingFirstIndex + (elementHasContent ? 1 : 0)
          if let chunk = cutChunk(count: count) { chunks.append(chunk) }
          phase = .object
        } else if phase == .awaitingArray || phase == .start || rootClosed {
          throw Unsupported()
        }
        depth -= 1
        expectingKey = false
        if depth == 0 { rootClosed = true }
      case FastJSONByte.comma:
        if phase == .elements && depth == 2 {
          guard elementHasContent else { throw Unsupported() }
          if pending.count - 1 + (position - copied) >= chunkBytes {
            flush(upTo: position, elements: true)
            if let chunk = cutChunk(count: elementIndex + 1 - pendingFirstIndex) {
              chunks.append(chunk)
            }
            copied = position + 1
            pendingFirstIndex = elementIndex + 1
          }
          elementIndex += 1
          elementHasContent = false
        } else if depth == 1 {
          expectingKey = true
        } else if phase == .awaitingArray {
          throw Unsupported()
        }
      case FastJSONByte.colon:
        if depth == 1 && phase == .object && keyMatched {
          guard !arraySeen else { throw Unsupported() }
          phase = .awaitingArray
        }
        keyMatched = false
      case FastJSONByte.space, FastJSONByte.newline, FastJSONByte.tab,
        FastJSONByte.carriageReturn:
        break
      default:
        if phase == .elements {
          elementHasContent = true
        } else if phase != .object || depth == 0 || rootClosed {
          // A scalar where the root object or the array should begin.
          throw Unsupported()
        }
      }
      position += 1
    }
    flush(upTo: count, elements: phase == .elements)
    return chunks
  }

  /// Skips bytes inside an element with `FastJSONBlockSkip`: to the end of the element or
  /// to the last 64 bytes of the buffer.
  private mutating func skipInElement(_ base: UnsafePointer<UInt8>, count: Int, from start: Int)
    throws(Unsupported) -> Int
  {
    var state = FastJSONBlockSkip.State(depth: depth, inString: inString, escaped: escaped)
    guard
      let end = FastJSONBlockSkip.skip(
        base, count: count, from: start, state: &state, floor: 2, limit: Self.depthLimit)
    else { throw Unsupported() }
    depth = state.depth
    inString = state.inString
    escaped = state.escaped
    expectingKey = false
    return end
  }

  /// Checks that the input ended where it may; returns the skeleton.
  func finish() throws(Unsupported) -> Data {
    guard arraySeen, rootClosed, !inString else { throw Unsupported() }
    return Data(skeleton)
  }

  private mutating func open(_ byte: UInt8) throws(Unsupported) {
    if rootClosed { throw Unsupported() }
    if phase == .start {
      guard byte == FastJSONByte.openBrace else { throw Unsupported() }
      phase = .object
    }
    depth += 1
    guard depth < Self.depthLimit else { throw Unsupported() }
    expectingKey = depth == 1 && byte == FastJSONByte.openBrace
  }

  /// Moves past the string bytes from `position`: to its closing quote, or to the end of
  /// the buffer. A key at depth 1 is kept to compare with `key`.
  private mutating func stringEnd(_ base: UnsafePointer<UInt8>, count: Int, from start: Int)
    throws(Unsupported) -> Int
  {
    var position = start
    if escaped {
      escaped = false
      if capturingKey { throw Unsupported() }
      return position + 1
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
        // A key written with escapes may spell `key`: too subtle to split.
        if capturingKey { throw Unsupported() }
        if position + 1 < count { return position + 2 }
        escaped = true
        return position + 1
      }
      if capturingKey { keyBytes.append(byte) }
      position += 1
    }
    return position
  }

  /// The pending elements as a chunk, and `pending` started again; nil when they are only
  /// white space.
  private mutating func cutChunk(count: Int) -> Chunk? {
    guard pending.dropFirst().contains(where: { !Self.isSpace($0) }) else {
      pending.removeSubrange(1...)
      return nil
    }
    pending.append(FastJSONByte.closeBracket)
    let chunk = Chunk(json: pending, firstIndex: pendingFirstIndex, count: count)
    if let spare = spareBuffers.popLast() {
      pending = spare
      pending.removeAll(keepingCapacity: true)
    } else {
      pending = []
      pending.reserveCapacity(chunkBytes + chunkBytes / 2)
    }
    pending.append(FastJSONByte.openBracket)
    return chunk
  }

  /// Gives back a chunk's buffer once it has been decoded, to hold a later chunk: cutting
  /// chunks then neither copies their bytes nor touches fresh memory.
  mutating func recycle(_ buffer: [UInt8]) {
    if spareBuffers.count < 8 { spareBuffers.append(buffer) }
  }

  /// Chunks are decoded one level less deep than the array's elements: keep well within
  /// the scanner's limit so that both see the same nesting errors.
  private static let depthLimit = FastJSONTape.maximumDepth - 8

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == FastJSONByte.space || byte == FastJSONByte.newline || byte == FastJSONByte.tab
      || byte == FastJSONByte.carriageReturn
  }
}
