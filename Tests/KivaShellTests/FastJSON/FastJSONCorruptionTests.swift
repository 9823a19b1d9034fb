import Foundation
import Testing

@testable import KivaShell

@Suite("FastJSON corrupted input fails as with JSONDecoder")
struct FastJSONCorruptionTests {
  static let strategies = [
    FastJSONDifferential(dateStrategy: .iso8601), FastJSONDifferential(),
    FastJSONDifferential(dateStrategy: .iso8601, keyStrategy: .convertFromSnakeCase),
  ]

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try FastJSONFixtureTests.fixture(name))
  }

  /// Decodes `data` as a loan store under each strategy, and checks both decoders agree.
  static func expectSameStore(_ data: Data, _ label: @autoclosure () -> String) {
    for differential in strategies {
      differential.expectSame(LoanStore.self, data, label(), describe: describeStore)
    }
  }

  /// The loans of the snapshot and the members of the first and eighth loans and of
  /// their locations.
  static func loanMembers(_ bytes: [UInt8]) -> [(key: Range<Int>, value: Range<Int>)] {
    let elements = FastJSONCorruption.loans(bytes)
    guard !elements.isEmpty else { return [] }
    var result: [(key: Range<Int>, value: Range<Int>)] = []
    for element in [elements[0], elements[min(7, elements.count - 1)]] {
      let members = FastJSONCorruption.members(of: bytes, objectAt: element.lowerBound)
      result += members
      for member in members where bytes[member.value.lowerBound] == UInt8(ascii: "{") {
        let nested = FastJSONCorruption.members(of: bytes, objectAt: member.value.lowerBound)
        result += nested
        for inner in nested where bytes[inner.value.lowerBound] == UInt8(ascii: "{") {
          result += FastJSONCorruption.members(of: bytes, objectAt: inner.value.lowerBound)
        }
      }
    }
    return result
  }

  @Test("dropping each key of a loan", arguments: ["newest-2012-06-12.json", "mareme-loans.json"])
  func droppedKeys(file: String) throws {
    let bytes = try Self.bytes(file)
    let members = Self.loanMembers(bytes)
    #expect(members.count > 20)
    for member in members {
      let key = String(decoding: bytes[member.key], as: UTF8.self)
      Self.expectSameStore(FastJSONCorruption.dropping(bytes, member: member), "drop \(key)")
    }
  }

  @Test("giving each key of a loan a wrong value", arguments: ["newest-2012-06-12.json"])
  func wrongValues(file: String) throws {
    let bytes = try Self.bytes(file)
    for member in Self.loanMembers(bytes) {
      let key = String(decoding: bytes[member.key], as: UTF8.self)
      for bad in FastJSONCorruption.badValues {
        let data = FastJSONCorruption.replacing(bytes, member.value, with: bad)
        Self.expectSameStore(data, "\(key): \(bad)")
      }
    }
  }

  @Test("breaking each key's spelling: escapes, case, Unicode")
  func brokenKeys() throws {
    let bytes = try Self.bytes("one-bad-loan.json")
    let loans = FastJSONCorruption.loans(bytes)
    #expect(loans.count == 4)
    for member in FastJSONCorruption.members(of: bytes, objectAt: loans[0].lowerBound) {
      let key = String(decoding: bytes[member.key].dropFirst().dropLast(), as: UTF8.self)
      let escaped = key.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
      for spelling in [
        "\"\(escaped)\"", "\"\(key.uppercased())\"", "\"\(key)\u{301}\"", "\"\(key) \"",
        "\"\(key)\\n\"", "\"\(key)\", \"\(key)\"",
      ] {
        Self.expectSameStore(
          FastJSONCorruption.replacing(bytes, member.key, with: spelling), "key \(spelling)")
      }
    }
  }

  @Test(
    "truncating the text at every offset", arguments: ["one-bad-loan.json", "all-bad-loans.json"])
  func truncated(file: String) throws {
    let bytes = try Self.bytes(file)
    let differential = FastJSONDifferential(dateStrategy: .iso8601)
    for length in 0...bytes.count {
      differential.expectSame(
        LoanStore.self, Data(bytes[..<length]), "length \(length)", describe: describeStore)
    }
  }

  @Test("inserting structure, quotes, escapes, NUL and invalid UTF-8")
  func insertions() throws {
    let bytes = try Self.bytes("one-bad-loan.json")
    let differential = FastJSONDifferential(dateStrategy: .iso8601)
    for offset in stride(from: 0, through: bytes.count, by: 5) {
      for insertion in FastJSONCorruption.insertions {
        var copy = bytes
        copy.insert(contentsOf: insertion, at: offset)
        differential.expectSame(
          LoanStore.self, Data(copy), "insert \(insertion) at \(offset)", describe: describeStore)
      }
    }
  }

  @Test("trailing commas before every closing bracket")
  func trailingCommas() throws {
    let bytes = try Self.bytes("mareme-loans.json")
    for (offset, byte) in bytes.enumerated()
    where byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
      var copy = bytes
      copy.insert(UInt8(ascii: ","), at: offset)
      Self.expectSameStore(Data(copy), "comma at \(offset)")
      copy.insert(UInt8(ascii: ","), at: offset)
      Self.expectSameStore(Data(copy), "two commas at \(offset)")
    }
  }

  @Test("random edits of the fixtures, with a fixed seed")
  func fuzz() throws {
    var generator = FastJSONCorruption.SeededGenerator(state: 20_120_612)
    let differential = FastJSONDifferential(dateStrategy: .iso8601)
    for name in ["one-bad-loan.json", "mareme-loans.json", "loan-436753-2012.json"] {
      let bytes = try Self.bytes(name)
      for round in 0..<600 {
        var copy = bytes
        for _ in 0...(round % 3) { copy = FastJSONCorruption.mutate(copy, using: &generator) }
        differential.expectSame(
          LoanStore.self, Data(copy), "\(name) #\(round)", describe: describeStore)
        if round % 4 == 0 {
          differential.expectSame(UnkeyedProbe.self, Data(copy), "\(name) #\(round)")
        }
      }
    }
  }

  @Test("deep nesting: 512 levels are fine, 513 and 10 000 are not JSON")
  func deepNesting() {
    let differential = FastJSONDifferential()
    for depth in [1, 100, 511, 512, 513, 1000, 10_000] {
      let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let objects =
        String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
      let mixed =
        String(repeating: #"[{"a":"#, count: depth / 2) + "null"
        + String(repeating: "}]", count: depth / 2)
      // Not just the brackets: JSONDecoder traps when the 513th one is the last byte
      // (its error location points past the end); FastJSONDecoder throws.
      let open = String(repeating: "[", count: depth) + "1"
      for json in [arrays, objects, mixed, open] {
        differential.expectSame(UnkeyedProbe.self, json)
        differential.expectSame(KeyedProbe.self, json)
        differential.expectSame(LoanStore.self, #"{"loans": \#(json)}"#, describe: describeStore)
      }
    }
  }

  @Test("dense structure: the index grows at every alignment")
  func denseStructure() {
    let differential = FastJSONDifferential()
    for count in 1...120 {
      let objects = Array(repeating: #"{"a":{},"b":[]}"#, count: count).joined(separator: ",")
      differential.expectSame([[String: [String: Int]?]].self, "[\(objects)]")
      let nested = Array(repeating: #"{"k":{"a":{"b":{}}}}"#, count: count).joined(separator: ",")
      differential.expectSame([KeyedProbe].self, "[\(nested)]")
      let arrays = Array(repeating: "[[],{}]", count: count).joined(separator: ",")
      differential.expectSame([[[Int]?]].self, "[\(arrays)]")
    }
  }

  @Test("a recursive model 512 levels deep decodes, recursing as JSONDecoder does")
  func deepRecursion() {
    for depth in [10, 256, 512, 513] {
      let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      FastJSONDifferential().expectSame(FastJSONModels.Nest.self, json)
    }
  }

  @Test("513 unclosed brackets and nothing after are not JSON (JSONDecoder traps here)")
  func unclosedAtEnd() {
    for depth in [513, 514, 10_000] {
      let data = Data(String(repeating: "[", count: depth).utf8)
      #expect(throws: DecodingError.self) { try FastJSONDecoder().decode([Int].self, from: data) }
    }
  }

  @Test("UTF-16 and UTF-32 input, with and without a byte order mark; a UTF-8 BOM")
  func encodings() throws {
    let text = String(decoding: try Self.bytes("mareme-loans.json"), as: UTF8.self)
    var inputs: [(String, Data)] = []
    for (name, encoding) in [
      ("UTF-16LE", String.Encoding.utf16LittleEndian), ("UTF-16BE", .utf16BigEndian),
      ("UTF-32LE", .utf32LittleEndian), ("UTF-32BE", .utf32BigEndian), ("UTF-16", .utf16),
      ("UTF-32", .utf32),
    ] {
      let data = try #require(text.data(using: encoding))
      inputs.append((name, data))
      inputs.append((name + " odd", data.dropLast()))
    }
    inputs.append(("UTF-8 BOM", Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)))
    inputs.append(("UTF-16LE 1", Data([0x31, 0x00])))
    inputs.append(("UTF-16BE 1", Data([0x00, 0x31])))
    inputs.append(("BOM only", Data([0xFF, 0xFE])))
    for (name, data) in inputs {
      Self.expectSameStore(data, name)
      FastJSONDifferential().expectSame(Int.self, data, name)
    }
  }

  @Test("whitespace everywhere, and none")
  func whitespace() throws {
    let bytes = try Self.bytes("newest-2012-06-12.json")
    var spaced: [UInt8] = []
    for byte in bytes {
      spaced.append(byte)
      if [UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "[")].contains(byte)
      {
        spaced += [0x0D, 0x0A, 0x09, 0x20]
      }
    }
    Self.expectSameStore(Data(spaced), "spaced")
    Self.expectSameStore(Data([0x20] + bytes + [0x0A, 0x20, 0x09]), "padded")
    Self.expectSameStore(Data(bytes + [0x0C]), "form feed after")
    Self.expectSameStore(Data([0xA0] + bytes), "no-break space before")
  }
}
