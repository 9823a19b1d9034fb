import Foundation
import Testing

@testable import KivaShell

/// What the fast encoder does not take is left to `JSONEncoder`, so the output never
/// differs: not even an error.
@Suite("FastJSONEncoder: falling back to JSONEncoder")
struct FastJSONEncoderFallbackTests {
  /// Encodes through `superEncoder`, which the fast path does not support.
  struct UsesSuperEncoder: Encodable {
    enum Keys: String, CodingKey { case a, b }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(1, forKey: .a)
      var single = container.superEncoder().singleValueContainer()
      try single.encode(5)
      var keyed = container.superEncoder(forKey: .b).container(keyedBy: Keys.self)
      try keyed.encode(2, forKey: .a)
    }
  }

  /// Writes a key it takes from its coding path.
  struct ReadsCodingPath: Encodable {
    struct Inner: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."))
      }
    }
    var inner = Inner()
  }

  /// Encodes the same key twice (`JSONEncoder` keeps the last).
  struct RepeatsAKey: Encodable {
    enum Keys: String, CodingKey { case a }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(1, forKey: .a)
      try container.encode(2, forKey: .a)
    }
  }

  /// Encodes nothing inside another value (`JSONEncoder` writes `{}`).
  struct EncodesNothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
  }

  struct HoldsNothing: Encodable {
    var nothing = EncodesNothing()
    var id = 1
  }

  /// A Foundation type other than Date, Data, URL and Decimal.
  struct HoldsUUID: Encodable {
    var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
  }

  @Test("superEncoder, codingPath, a repeated key, an empty value, a UUID")
  func unsupported() {
    EncoderDifferential.expectFallback(UsesSuperEncoder(), "superEncoder")
    EncoderDifferential.expectFallback(ReadsCodingPath(), "codingPath")
    EncoderDifferential.expectFallback(RepeatsAKey(), "a repeated key")
    EncoderDifferential.expectFallback(HoldsNothing(), "a value that encodes nothing")
    EncoderDifferential.expectFallback(HoldsUUID(), "a UUID")
    EncoderDifferential.expectFallback(["é": 1, "e": 2], "a non-ASCII key")
  }

  @Test("a record that falls back, inside export's array, is indented like the rest")
  func fallbackInsideExport() throws {
    let records = [HoldsNothing(), HoldsNothing()]
    let whole = try RecordRendering.jsonEncoder(pretty: true).encode(["loans": records])
    let pieces = try Streamed.prettyJSON(records, underKey: "loans")
    #expect(String(decoding: pieces, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
  }

  @Test("NaN and infinity throw as with JSONEncoder; a listing shows null for them")
  func nonFinite() {
    for bad in [Double.nan, .infinity, -.infinity] {
      let coordinates = Landmark.Coordinates(latitude: bad, longitude: 0)
      #expect(EncoderDifferential.fast(coordinates, pretty: false) == nil)
      let encoder = RecordJSONEncoder(pretty: false)
      var bytes: [UInt8] = []
      #expect(throws: EncodingError.self) { try encoder.append(coordinates, to: &bytes) }
      #expect(bytes.isEmpty)
      #expect(RecordRendering.json(coordinates) == "null")
    }
  }

  @Test("a failed value leaves the buffer as it was")
  func bufferUntouched() throws {
    var bytes = Array("[".utf8)
    #expect(throws: FastJSONUnsupported.self) {
      try FastJSONEncoder(pretty: false).append(["é": 1, "e": 2], to: &bytes)
    }
    #expect(bytes == Array("[".utf8))
  }
}
