import Foundation

/// Ways to break a JSON document, for the differential tests: edits at the byte level
/// so that the broken text is exactly what a decoder sees.
enum FastJSONCorruption {
  /// Where the members of the object starting at `start` are: key range (with quotes)
  /// and value range, in order.
  static func members(of bytes: [UInt8], objectAt start: Int) -> [(
    key: Range<Int>, value: Range<Int>
  )] {
    var result: [(Range<Int>, Range<Int>)] = []
    var pos = skipSpace(bytes, start + 1)
    while pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") {
      let keyEnd = valueEnd(bytes, pos)
      let colon = skipSpace(bytes, keyEnd)
      let valueStart = skipSpace(bytes, colon + 1)
      let end = valueEnd(bytes, valueStart)
      guard end > valueStart else { break }
      result.append((pos..<keyEnd, valueStart..<end))
      pos = skipSpace(bytes, end)
      if pos < bytes.count, bytes[pos] == UInt8(ascii: ",") { pos = skipSpace(bytes, pos + 1) }
    }
    return result
  }

  /// The elements of the `loans` array of a loan store document.
  static func loans(_ bytes: [UInt8]) -> [Range<Int>] {
    let top = members(of: bytes, objectAt: skipSpace(bytes, 0))
    guard let loans = top.first(where: { bytes[$0.key].elementsEqual(#""loans""#.utf8) }) else {
      return []
    }
    return elements(of: bytes, arrayAt: loans.value.lowerBound)
  }

  /// The elements of the array starting at `start`.
  static func elements(of bytes: [UInt8], arrayAt start: Int) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var pos = skipSpace(bytes, start + 1)
    while pos < bytes.count, bytes[pos] != UInt8(ascii: "]") {
      let end = valueEnd(bytes, pos)
      guard end > pos else { break }
      result.append(pos..<end)
      pos = skipSpace(bytes, end)
      if pos < bytes.count, bytes[pos] == UInt8(ascii: ",") { pos = skipSpace(bytes, pos + 1) }
    }
    return result
  }

  static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
    var pos = start
    while pos < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[pos]) { pos += 1 }
    return pos
  }

  /// The end of the well-formed value starting at `start`.
  static func valueEnd(_ bytes: [UInt8], _ start: Int) -> Int {
    guard start < bytes.count else { return start }
    var pos = start
    switch bytes[start] {
    case UInt8(ascii: "\""):
      return stringEnd(bytes, start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while pos < bytes.count {
        switch bytes[pos] {
        case UInt8(ascii: "\""):
          pos = stringEnd(bytes, pos)
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return pos + 1 }
        default: break
        }
        pos += 1
      }
      return pos
    default:
      let delimiters: [UInt8] = [
        UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09,
      ]
      while pos < bytes.count, !delimiters.contains(bytes[pos]) { pos += 1 }
      return pos
    }
  }

  /// The index after the closing quote of the string starting at `start`.
  static func stringEnd(_ bytes: [UInt8], _ start: Int) -> Int {
    var pos = start + 1
    while pos < bytes.count {
      if bytes[pos] == UInt8(ascii: "\\") {
        pos += 2
        continue
      }
      if bytes[pos] == UInt8(ascii: "\"") { return pos + 1 }
      pos += 1
    }
    return pos
  }

  /// The document with `range` replaced by `text`.
  static func replacing(_ bytes: [UInt8], _ range: Range<Int>, with text: String) -> Data {
    var copy = bytes
    copy.replaceSubrange(range, with: Array(text.utf8))
    return Data(copy)
  }

  /// The document without the member whose key is `key` (and its comma).
  static func dropping(_ bytes: [UInt8], member: (key: Range<Int>, value: Range<Int>)) -> Data {
    var end = skipSpace(bytes, member.value.upperBound)
    var start = member.key.lowerBound
    if end < bytes.count, bytes[end] == UInt8(ascii: ",") {
      end += 1
    } else {
      // The last member: drop the comma before it instead.
      var before = start - 1
      while before > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[before]) { before -= 1 }
      if bytes[before] == UInt8(ascii: ",") { start = before }
    }
    var copy = bytes
    copy.removeSubrange(start..<end)
    return Data(copy)
  }

  /// Values that are wrong in some way for most fields.
  static let badValues = [
    "null", #""x""#, #""""#, "[1]", "{}", "[]", "1.5", "1e3", "-1", "0", "-0", "true",
    "99999999999999999999", "01", "1.", "-", "1e", "1E+2", #""2012-13-01T00:00:00Z""#,
    #""2012-06-12T20:30:03.5Z""#, #""2012-06-12 20:30:03""#, #""bad""#, #""\u00e9""#,
    #""\ud800""#, #""a\qb""#, "9007199254740993.5", #""\"quoted\"""#, "1e400",
  ]

  /// A deterministic random number generator (SplitMix64), so failures reproduce.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Bytes worth inserting: structure, quotes, escapes, NUL, invalid UTF-8.
  static let insertions: [[UInt8]] = [
    [UInt8(ascii: ",")], [UInt8(ascii: "}")], [UInt8(ascii: "]")], [UInt8(ascii: "{")],
    [UInt8(ascii: "[")], [UInt8(ascii: "\"")], [UInt8(ascii: "\\")], [UInt8(ascii: ":")],
    [UInt8(ascii: "x")], [UInt8(ascii: "1")], [0x00], [0xFF], [0xC3], [0xE2, 0x82], [0x20],
    [0x01], Array("null".utf8), Array("\\u12".utf8),
  ]

  /// A random edit of `bytes`.
  static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    var copy = bytes
    guard !copy.isEmpty else { return copy }
    let position = Int.random(in: 0..<copy.count, using: &generator)
    switch Int.random(in: 0..<5, using: &generator) {
    case 0:
      copy.remove(at: position)
    case 1:
      let insertion = insertions[Int.random(in: 0..<insertions.count, using: &generator)]
      copy.insert(contentsOf: insertion, at: position)
    case 2:
      copy[position] = insertions[Int.random(in: 0..<insertions.count, using: &generator)][0]
    case 3:
      let length = Int.random(in: 1...min(40, copy.count - position), using: &generator)
      copy.insert(contentsOf: copy[position..<(position + length)], at: position)
    default:
      let length = Int.random(in: 1...min(40, copy.count - position), using: &generator)
      copy.removeSubrange(position..<(position + length))
    }
    return copy
  }
}
