import Foundation
import Testing

@testable import KivaShell

/// An array's text indexed a piece at a time gives exactly what indexing it whole gives:
/// the same elements, numbered the same, the same bytes after it, and an error exactly
/// when the whole array has one — wherever the pieces are cut.
@Suite("FastJSON: an array read in pieces")
struct FastJSONArrayPiecesTests {
  typealias Generator = FastJSONCorruption.SeededGenerator

  /// Any JSON value, decoded through a single-value container.
  indirect enum AnyJSON: Decodable, Equatable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else if let string = try? container.decode(String.self) {
        self = .string(string)
      } else if let array = try? container.decode([AnyJSON].self) {
        self = .array(array)
      } else {
        self = .object(try container.decode([String: AnyJSON].self))
      }
    }
  }

  /// What reading an array gave: its elements, the elements that failed to decode (by
  /// position), and the bytes after it.
  struct Outcome: Equatable {
    var values: [AnyJSON] = []
    var failures: [String] = []
    var after: [UInt8] = []
  }

  /// `text` — an array and what follows it — indexed whole; nil when the array is not
  /// valid.
  static func whole(_ text: [UInt8]) -> Outcome? {
    var end = 0
    let scanned = text.withUnsafeBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      var scanner = FastJSONScanner(bytes: base, count: buffer.count)
      defer {
        scanner.freeScratch()
        scanner.tape.free()
        scanner.members.free()
      }
      guard let scannedEnd = try? scanner.scanValue() else { return false }
      end = scannedEnd
      return true
    }
    guard scanned,
      let elements = try? FastJSONDecoder().withDocument(
        Array(text[..<end]),
        {
          try $0.decodeElements(AnyJSON.self, asElementsAt: [], from: 0)
        }), let elements
    else { return nil }
    return Outcome(
      values: elements.values, failures: elements.failures.map { "\($0.index): \($0.error)" },
      after: Array(text[end...]))
  }

  /// `text` — an array and what follows it — indexed in pieces of `sizes` bytes (in
  /// turn) after its opening bracket, and the elements decoded unless `decoding` is
  /// false; nil when the pieces are invalid.
  static func inPieces(
    _ text: [UInt8], sizes: [Int], maximumTail: Int = 1 << 20, decoding: Bool = true
  ) -> Outcome? {
    var pieces = FastJSONArrayPieces(maximumTail: maximumTail)
    var outcome = Outcome()
    var position = 1
    var turn = 0
    do {
      while true {
        let size = min(sizes[turn % sizes.count], text.count - position)
        turn += 1
        let buffer = FastJSONPieceBuffer(capacity: size, headroom: 16)
        text[position..<position + size].withUnsafeBufferPointer {
          buffer.piece.initialize(
            from: $0.baseAddress ?? UnsafePointer(buffer.piece), count: $0.count)
        }
        buffer.count = size
        position += size
        let isLast = position == text.count
        if let elements = try pieces.take(buffer, isLast: isLast), decoding {
          #expect(elements.firstIndex == outcome.values.count + outcome.failures.count)
          try decode(elements, into: &outcome)
        }
        if isLast { break }
      }
    } catch {
      return nil
    }
    outcome.after = pieces.afterArray ?? []
    return outcome
  }

  static func decode(_ elements: FastJSONArrayPieces.Elements, into outcome: inout Outcome) throws {
    let slots = UnsafeMutablePointer<AnyJSON>.allocate(capacity: elements.count)
    defer { slots.deallocate() }
    guard let result = try FastJSONDecoder().decodeElements(elements, into: slots, asElementsAt: [])
    else { return }
    outcome.values += UnsafeBufferPointer(start: slots, count: result.decoded)
    slots.deinitialize(count: result.decoded)
    outcome.failures += result.failures.map { "\($0.index): \($0.error)" }
  }

  static func pick<T>(_ options: [T], using generator: inout Generator) -> T {
    options[Int.random(in: 0..<options.count, using: &generator)]
  }

  /// A random JSON value: nested objects and arrays, strings full of brackets, quotes,
  /// commas and runs of backslashes, numbers and literals.
  static func value(depth: Int, using generator: inout Generator) -> String {
    switch Int.random(in: 0..<(depth > 4 ? 3 : 6), using: &generator) {
    case 0: return string(using: &generator)
    case 1: return pick(["1", "-2.5e3", "true", "false", "null", "0", "123456"], using: &generator)
    case 2: return #""plain""#
    case 3, 4:
      let members = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
        string(using: &generator) + ":" + value(depth: depth + 1, using: &generator)
      }
      return "{" + members.joined(separator: ",") + "}"
    default:
      let elements = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
        value(depth: depth + 1, using: &generator)
      }
      return "[" + elements.joined(separator: pick([",", " , ", ",\n"], using: &generator)) + "]"
    }
  }

  static func string(using generator: inout Generator) -> String {
    let pieces = [
      #"{"#, #"}"#, #"["#, #"]"#, #","#, #"\""#, #"\\"#, #"\\\\"#, #"\\\""#, "é", "x",
      #"\u00e9"#, " ",
    ]
    let count = Int.random(in: 0..<30, using: &generator)
    return "\"" + (0..<count).map { _ in pick(pieces, using: &generator) }.joined() + "\""
  }

  /// A random array of `count` elements and bytes after it.
  static func array(_ count: Int, using generator: inout Generator) -> [UInt8] {
    let elements = (0..<count).map { _ in value(depth: 0, using: &generator) }
    let separator = pick([",", " , ", ",\n  "], using: &generator)
    // Like JSONDecoder, the scanner takes a comma after the last element.
    let trailing = count == 0 ? "" : pick(["", ",", " ,\n"], using: &generator)
    return Array(("[" + elements.joined(separator: separator) + trailing + #"],"x":"]"}"#).utf8)
  }

  static func sizes(using generator: inout Generator) -> [Int] {
    (0..<3).map { _ in pick([1, 2, 7, 13, 64, 100, 4096], using: &generator) }
  }

  @Test("random arrays: the same elements and the same bytes after, in any pieces")
  func randomArrays() throws {
    var generator = Generator(state: 21)
    for round in 0..<300 {
      let text = Self.array(Int.random(in: 0..<10, using: &generator), using: &generator)
      let sizes = Self.sizes(using: &generator)
      let expected = Self.whole(text)
      #expect(expected != nil, "round \(round)")
      #expect(Self.inPieces(text, sizes: sizes) == expected, "round \(round), sizes \(sizes)")
      // Foundation reads the array the same.
      let end = text.count - #","x":"]"}"#.utf8.count
      let foundation = try JSONDecoder().decode([AnyJSON].self, from: Data(text[..<end]))
      #expect(expected?.values == foundation, "round \(round)")
    }
  }

  @Test("broken arrays: invalid in pieces exactly when invalid whole, else the same")
  func brokenArrays() {
    var generator = Generator(state: 22)
    var invalid = 0
    for round in 0..<600 {
      var text = Self.array(Int.random(in: 1..<6, using: &generator), using: &generator)
      let index = Int.random(in: 1..<text.count, using: &generator)
      if Bool.random(using: &generator) {
        text.remove(at: index)
      } else {
        text.insert(Self.pick(Array(#""\{}[],:x "#.utf8), using: &generator), at: index)
      }
      let sizes = Self.sizes(using: &generator)
      let expected = Self.whole(text)
      if expected == nil { invalid += 1 }
      #expect(Self.inPieces(text, sizes: sizes) == expected, "round \(round), sizes \(sizes)")
    }
    #expect(invalid > 100)
  }

  @Test("nesting: one level more than the whole text's limit allows is an error")
  func nesting() {
    // In a file, the array is a member of the root object: two levels, so an element
    // may nest 510 deep.
    for (depth, valid) in [(510, true), (511, false)] {
      let element = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let text = Array(("[1," + element + "]}").utf8)
      // Not decoded: decoding so deep a value recurses as deep, too deep for a test
      // thread's stack under the address sanitizer.
      let outcome = Self.inPieces(text, sizes: [100], decoding: false)
      #expect((outcome != nil) == valid, "depth \(depth)")
    }
  }

  @Test("an element longer than the limit is an error; one within it is not")
  func longElement() {
    let text = Array(("[1,\"" + String(repeating: "x", count: 200) + "\",2]").utf8)
    #expect(Self.inPieces(text, sizes: [10], maximumTail: 150) == nil)
    let outcome = Self.inPieces(text, sizes: [10], maximumTail: 400)
    #expect(outcome?.values.count == 3)
    #expect(outcome == Self.whole(text))
  }

  @Test("no bytes after the opening bracket, or no closing bracket: an error")
  func unfinished() {
    for text in ["[", "[1,2", "[1,2,", #"["a]"#, "[ "] {
      #expect(Self.inPieces(Array(text.utf8), sizes: [1, 3]) == nil, "\(text)")
    }
    #expect(Self.inPieces(Array("[]".utf8), sizes: [1]) == Outcome())
    #expect(Self.inPieces(Array("[ ,]".utf8), sizes: [1]) == nil)
  }
}

@Suite("FastJSON: how much text around a streamed array is held")
struct FastJSONStreamLimitTests {
  @Test("text after the array longer than the limit is an error; within it, it is kept")
  func longAfterArray() {
    let after = #","x":""# + String(repeating: "y", count: 100) + #""}"#
    let text = Array(("[1,2]" + after).utf8)
    #expect(FastJSONArrayPiecesTests.inPieces(text, sizes: [3], maximumTail: 50) == nil)
    let outcome = FastJSONArrayPiecesTests.inPieces(text, sizes: [3], maximumTail: 200)
    #expect(outcome?.after == Array(after.utf8))
  }

  @Test("the skeleton reader gives up once the text before the array passes its limit")
  func longBeforeArray() throws {
    let text = Array((#"{"note":""# + String(repeating: "z", count: 100) + #"","loans":["#).utf8)
    func read(maximumBytes: Int) -> Int? {
      var reader = FastJSONSkeletonReader(key: "loans", maximumBytes: maximumBytes)
      var offset = 0
      while offset < text.count {
        let size = min(10, text.count - offset)
        let found: Int?
        do {
          found = try text[offset..<offset + size].withUnsafeBufferPointer { try reader.feed($0) }
        } catch {
          return nil
        }
        if let found { return offset + found }
        offset += size
      }
      return nil
    }
    #expect(read(maximumBytes: 50) == nil)
    #expect(read(maximumBytes: 500) == text.count)
  }
}
