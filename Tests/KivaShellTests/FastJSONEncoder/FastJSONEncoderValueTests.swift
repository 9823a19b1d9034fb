import Foundation
import Testing

@testable import KivaShell

/// Hand-made values at the edges of what `JSONEncoder` does: escaping, key order,
/// numbers, dates, empty and nested containers.
@Suite("FastJSONEncoder: tricky values")
struct FastJSONEncoderValueTests {
  /// Every control character, quotes, backslashes, slashes, DEL, the Unicode line and
  /// paragraph separators, an emoji, combining marks and a byte order mark.
  static let trickyStrings: [String] = {
    var strings = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    strings += [
      "", "\"", "\\", "/", "a/b\\c\"d", "\u{7F}", "\u{2028}", "\u{2029}", "😀", "e\u{301}",
      "\u{0308}", "\u{FEFF}", "日本語", "http://x.y/z?a=1&b=2", "tab\there", "\r\n", "\\u0041",
      "</script>", "x\u{0}y", String(repeating: "long text, ", count: 100) + "\u{1F}",
    ]
    strings.append((0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined())
    return strings
  }()

  /// Doubles that print in each of `description`'s forms.
  static let trickyDoubles: [Double] = [
    0, -0.0, 1, -1, 1.5, 0.1, 0.3, 1e-7, 1e-5, 1e-4, 1e15, 1e16, 2e16, 1e21, 1e22,
    Double(123_456_789_012_345_678 as Int), .leastNonzeroMagnitude, .leastNormalMagnitude,
    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, -122.0, -122.4194, 37.7749,
    Double(9_007_199_254_740_993 as Int), .pi, 100,
  ]

  /// Dates: whole seconds, before 1970, before 1600 and 1582, far future, fractions.
  static let trickyDates: [Date] =
    [
      0, -1, 1, 1.5, 1.999, -0.5, -0.000_001, 1_339_533_003, 951_782_400, 4_107_542_400,
      253_402_300_799, 253_402_300_800, 1e12, -11_676_096_000, -11_676_096_001,
      -12_219_379_200, -62_135_596_800, -62_135_769_600, -94_608_000_000,
    ].map(Date.init(timeIntervalSince1970:)) + [
      .distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: 0.25),
      Date(timeIntervalSinceReferenceDate: -0.25), Date(timeIntervalSinceReferenceDate: 1e-9),
    ]

  /// A record of many kinds of value, synthesized `Encodable` (so `encodeIfPresent`).
  struct Mixed: Encodable {
    var text = "x"
    var number = 1.5
    var float: Float = 0.1
    var ints: [Int] = [0, 7, -7, 10, -10, 99, 100, .max, .min]
    var int8 = Int8.min
    var int16 = Int16.max
    var int32 = Int32.min
    var int64 = Int64.min
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var flags = [true, false]
    var missing: String?
    var present: Int? = 3
    var nulls: [Int?] = [nil, 1, nil]
    var empty: [String] = []
    var emptyObject: [String: Int] = [:]
    var nested: [[String: [Int]]] = [["b": [], "a": [1]], [:]]
    var url = URL(string: "https://api.kivaws.org/v1/loans/newest.json?page=2&x=a b")
    var relative = URL(string: "c", relativeTo: URL(string: "https://a.b/x/"))
    var decimal = Decimal(string: "-12.50")
    var data = Data([0, 1, 2, 253, 254, 255])
    var date = Date(timeIntervalSince1970: 1_339_533_003)
    var oddKeys = OddKeys()
    var zed: [String: String] = ["b": "", "B": "", "_": "", "a1": "", "a10": "", "a2": ""]
  }

  /// Keys whose order differs between byte order and a numeric, case-blind compare.
  struct OddKeys: Encodable {
    var country = 1
    var countryCode = 2
    var camelCountryCode = 3
    var capitalCountry = 4
    var underscore = 5
    var a10 = 6
    var a9 = 7
    var capitalA = 8

    enum CodingKeys: String, CodingKey {
      case country, a10, a9
      case countryCode = "country_code"
      case camelCountryCode = "countryCode"
      case capitalCountry = "Country"
      case underscore = "_x"
      case capitalA = "A"
    }
  }

  @Test("strings: escaping", arguments: trickyStrings)
  func strings(_ string: String) {
    EncoderDifferential.expectSame([string], string.debugDescription)
    // A non-ASCII key is left to JSONEncoder (see FastJSONTreeWriter).
    if string.utf8.allSatisfy({ $0 < 0x80 }) {
      EncoderDifferential.expectSame([string: string], "as a key \(string.debugDescription)")
    } else {
      EncoderDifferential.expectFallback([string: 1], "as a key \(string.debugDescription)")
    }
  }

  @Test("doubles and floats", arguments: trickyDoubles)
  func doubles(_ double: Double) {
    EncoderDifferential.expectSame([double, -double], "\(double)")
    if Float(double).isFinite {
      EncoderDifferential.expectSame([Float(double)], "Float \(double)")
    }
    EncoderDifferential.expectSame(
      Landmark.Coordinates(latitude: double, longitude: -double), "coordinates \(double)")
  }

  @Test("dates", arguments: trickyDates)
  func dates(_ date: Date) {
    EncoderDifferential.expectSame([date], "\(date.timeIntervalSince1970)")
  }

  @Test("whole-second dates about a month apart, from 1600 to 9999")
  func manyDates() {
    let dates = stride(from: -11_676_096_000.0, to: 253_402_300_800, by: 2_643_217)
      .map(Date.init(timeIntervalSince1970:))
    #expect(dates.count > 90_000)
    let mismatch = dates.first {
      EncoderDifferential.fast([$0], pretty: false)
        != EncoderDifferential.foundation([$0], pretty: false)
    }
    #expect(mismatch == nil)
  }

  @Test("many kinds of value, key order, nils, empties, URL, Decimal, Data")
  func mixed() {
    EncoderDifferential.expectSame(Mixed())
    EncoderDifferential.expectSame([Mixed(), Mixed()])
    EncoderDifferential.expectSame([[Mixed]()], "empty arrays nested")
    EncoderDifferential.expectSame("top-level string")
    EncoderDifferential.expectSame(42)
    EncoderDifferential.expectSame(Int?.none)
  }

  @Test("an empty array pretty-printed is '[', an empty line, and an indented ']'")
  func emptyPretty() {
    #expect(EncoderDifferential.fast([[Int]()], pretty: true) == "[\n  [\n\n  ]\n]")
    #expect(
      EncoderDifferential.fast(["k": [String: Int]()], pretty: true) == "{\n  \"k\" : {\n\n  }\n}")
  }

  /// Hand-written `encode(to:)`: `encodeNil`, nested keyed and unkeyed containers, and
  /// a keyed container asked for twice.
  struct HandWritten: Encodable {
    enum Keys: String, CodingKey { case b, a, c, d }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encodeNil(forKey: .b)
      var list = container.nestedUnkeyedContainer(forKey: .a)
      try list.encodeNil()
      try list.encode(1)
      var inner = list.nestedContainer(keyedBy: Keys.self)
      try inner.encode("x", forKey: .d)
      var deeper = list.nestedUnkeyedContainer()
      try deeper.encode(contentsOf: [1.5, 2])
      _ = list.nestedUnkeyedContainer()
      try container.encodeIfPresent(Int?.none, forKey: .c)
      var again = encoder.container(keyedBy: Keys.self)
      try again.encode(true, forKey: .c)
    }
  }

  @Test("hand-written encode(to:) with nested containers")
  func handWritten() {
    EncoderDifferential.expectSame(HandWritten())
    EncoderDifferential.expectSame([HandWritten()])
  }
}
