import Foundation
import Testing

@testable import KivaShell

/// Keys that are a plain byte: enum cases, some spelled with non-ASCII characters.
private struct Accented: Decodable, Equatable {
  let cafe: Int?
  let plain: Int?
  let naive: String?

  enum CodingKeys: String, CodingKey {
    case cafe = "café"
    case plain
    case naive = "naïve"
  }
}

/// A key type with a single case: no bytes at all.
private struct Single: Decodable, Equatable {
  let only: Int?
}

/// A key that is a one-byte struct, its string worked out from the byte.
private struct ByteKey: CodingKey {
  let code: UInt8
  var stringValue: String { "k\(code)" }
  var intValue: Int? { nil }
  init(code: UInt8) { self.code = code }
  init?(stringValue: String) {
    guard stringValue.hasPrefix("k"), let code = UInt8(stringValue.dropFirst()) else {
      return nil
    }
    self.code = code
  }
  init?(intValue: Int) { nil }
}

/// Reads `k0` to `k9`, which objects have or lack, through a one-byte struct key.
private struct Coded: Decodable, Equatable {
  let values: [Int?]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ByteKey.self)
    values = try (0..<10).map { try container.decodeIfPresent(Int.self, forKey: ByteKey(code: $0)) }
  }
}

/// Reads keys of bytes far apart, the highest first, through a one-byte struct key.
private struct PickedCodes: Decodable, Equatable {
  static let codes: [UInt8] = [255, 3, 200, 17, 3, 0, 130, 255, 16, 15, 1, 254]
  let values: [Int?]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ByteKey.self)
    values = try Self.codes.map {
      try container.decodeIfPresent(Int.self, forKey: ByteKey(code: $0))
    }
  }
}

/// A container's keys are looked up by their byte when their type is a plain byte
/// (`FastJSONByteKeys`): found as `JSONDecoder` finds them, whatever the keys spell.
@Suite("Keys looked up by their byte")
struct FastJSONByteKeysTests {
  @Test("which key types go by their byte")
  func holds() {
    #expect(FastJSONByteKeys.holds(Loan.CodingKeys.self))
    #expect(FastJSONByteKeys.holds(ByteKey.self))
    #expect(!FastJSONByteKeys.holds(AnyKey.self))
    #expect(!FastJSONByteKeys.holds(FastJSONIndexKey.self))
  }

  @Test("enum keys spelled with non-ASCII characters, in either normal form")
  func accented() {
    for differential in FastJSONDifferential.all {
      differential.expectSame(
        [Accented].self,
        #"""
        [{"café": 1, "plain": 2, "naïve": "a"}, {"cafe\u0301": 3, "plain": 4},
         {"plain": 5, "nai\u0308ve": "b"}, {"plain": 6}, {"café": 7, "café": 8, "plain": 9}]
        """#)
    }
  }

  @Test("a key type of one case, present or not")
  func single() {
    FastJSONDifferential().expectSame([Single].self, #"[{"only": 1}, {}, {"x": 1, "only": 2}]"#)
  }

  @Test("keys of high bytes first, then low ones: the table grows and keeps what it holds")
  func growing() {
    let codes: [UInt8] = [255, 3, 200, 17, 3, 0, 130, 255, 16, 15]
    var objects: [String] = []
    for index in 0..<12 {
      let members = codes.enumerated().filter { ($0.offset + index) % 4 != 0 }
        .map { "\"k\($0.element)\": \($0.offset * 10 + index)" }
      objects.append("{\(members.joined(separator: ", "))}")
    }
    FastJSONDifferential().expectSame(
      [PickedCodes].self, "[\(objects.joined(separator: ", "))]")
  }

  @Test("a one-byte struct key, over objects with different members")
  func structKey() {
    var objects: [String] = []
    for index in 0..<30 {
      let members = (0..<10).filter { ($0 * 7 + index) % 3 != 0 }.map {
        "\"k\($0)\": \($0 + index)"
      }
      objects.append("{\(members.joined(separator: ", "))}")
    }
    FastJSONDifferential().expectSame([Coded].self, "[\(objects.joined(separator: ", "))]")
  }
}
