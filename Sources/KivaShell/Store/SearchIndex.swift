#if canImport(Glibc)
  import Glibc
#endif

/// The folded search text of every record, laid end to end in one buffer, so that a
/// search scans bytes (with `memchr` and `memcmp`) instead of comparing a million strings.
struct SearchIndex: Sendable {
  /// Each record's folded text, each followed by a 0 byte (which no word contains).
  private let text: [UInt8]
  /// Where each record's text starts in `text`, and one past the end.
  private let starts: [Int]

  /// An index over `keys`, already folded.
  init(keys: [String]) {
    self.init(count: keys.count) { index, append in append(keys[index]) }
  }

  /// An index over `count` records whose texts `fields(index, append)` hands over piece
  /// by piece; each piece is folded into the buffer (ASCII directly, byte by byte), with
  /// a line break between pieces.
  init(count: Int, fields: (Int, (String) -> Void) -> Void) {
    var text: [UInt8] = []
    var folded = FoldedPieces()
    var starts: [Int] = []
    starts.reserveCapacity(count + 1)
    for index in 0..<count {
      starts.append(text.count)
      var first = true
      fields(index) { piece in
        if !first { text.append(0x0A) }
        first = false
        Self.appendFolded(piece, to: &text, folded: &folded)
      }
      text.append(0)
    }
    starts.append(text.count)
    self.text = text
    self.starts = starts
  }

  /// Non-ASCII pieces already folded: folding them (Foundation's) is slow, and names and
  /// towns come back again and again. Bounded: past `limit` pieces, nothing more is kept.
  private struct FoldedPieces {
    static let limit = 200_000
    var bytes = UTF8Table<[UInt8]>()

    mutating func folded(_ piece: String) -> [UInt8] {
      if let known = bytes.value(for: piece) { return known }
      let folded = Array(piece.folded.utf8)
      if bytes.count < Self.limit { bytes.set(folded, for: piece) }
      return folded
    }
  }

  private static func appendFolded(
    _ piece: String, to text: inout [UInt8], folded: inout FoldedPieces
  ) {
    var piece = piece
    let appended = piece.withUTF8 { utf8 -> Bool in
      // ASCII (the common case) is folded here: copied whole, then A–Z lowered in place.
      var high: UInt8 = 0
      for byte in utf8 { high |= byte }
      guard high < 0x80 else { return false }
      let start = text.count
      text.append(contentsOf: utf8)
      // Lowered in place, and apostrophes dropped as `String.folded` drops them.
      let end = text.withUnsafeMutableBufferPointer { buffer in
        var kept = start
        for index in start..<buffer.count where buffer[index] != String.apostrophe {
          let byte = buffer[index]
          buffer[kept] = byte &- 0x41 < 26 ? byte | 0x20 : byte
          kept += 1
        }
        return kept
      }
      text.removeSubrange(end...)
      return true
    }
    // Not ASCII: fold the whole piece the slow way (accents, other cases).
    if !appended { text.append(contentsOf: folded.folded(piece)) }
  }

  /// The records (in order) whose text contains every one of `words` (folded, non-empty).
  func records(containing words: [[UInt8]]) -> [Int] {
    guard let first = words.max(by: { $0.count < $1.count }), !first.isEmpty else {
      return Array(0..<(starts.count - 1))
    }
    let others = words.filter { $0 != first }
    var result: [Int] = []
    text.withUnsafeBytes { buffer in
      var offset = 0
      var record = 0
      while let found = Self.find(first, in: buffer, from: offset) {
        // Move to the record holding the match; the starts only grow.
        while starts[record + 1] <= found { record += 1 }
        let range = starts[record]..<starts[record + 1]
        if others.allSatisfy({
          Self.find($0, in: buffer, from: range.lowerBound, before: range.upperBound) != nil
        }) {
          result.append(record)
        }
        offset = range.upperBound
      }
    }
    return result
  }

  /// The offset of the first `needle` in `buffer` at or after `start` (ending before `end`).
  private static func find(
    _ needle: [UInt8], in buffer: UnsafeRawBufferPointer, from start: Int, before end: Int? = nil
  ) -> Int? {
    guard let base = buffer.baseAddress, let head = needle.first else { return nil }
    let limit = (end ?? buffer.count) - needle.count
    var position = start
    while position <= limit {
      guard let hit = memchr(base + position, Int32(head), limit - position + 1) else {
        return nil
      }
      let candidate = base.distance(to: UnsafeRawPointer(hit))
      let same = needle.withUnsafeBytes { bytes in
        bytes.baseAddress.map { memcmp(base + candidate, $0, needle.count) == 0 } ?? false
      }
      if same { return candidate }
      position = candidate + 1
    }
    return nil
  }
}
