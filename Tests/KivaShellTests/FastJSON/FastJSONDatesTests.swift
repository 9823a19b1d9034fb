import Foundation
import Testing

@testable import KivaShell

@Suite("ISO 8601 dates read directly agree with Foundation's parser")
struct FastJSONDatesTests {
  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// `YYYY-MM-DDTHH:MM:SSZ` from fields that may be out of range.
  private static func text(_ fields: [Int]) -> String {
    String(fields[0]) + "-" + twoDigits(fields[1]) + "-" + twoDigits(fields[2]) + "T"
      + twoDigits(fields[3]) + ":" + twoDigits(fields[4]) + ":" + twoDigits(fields[5]) + "Z"
  }

  /// What the decoder reads for `text`: the direct path, else Foundation's parser.
  private static func fast(_ text: String) -> Date? {
    var copy = text
    return copy.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return nil }
      return FastJSONDates.iso8601(base, start: 0, count: bytes.count) { text }
    }
  }

  private static func direct(_ text: String) -> Date? {
    var copy = text
    return copy.withUTF8 { bytes in bytes.baseAddress.flatMap { FastJSONDates.canonical($0) } }
  }

  private static func foundation(_ text: String) -> Date? {
    try? Date.ISO8601FormatStyle().parse(text)
  }

  @Test("every date in range takes the direct path and gives Foundation's date")
  func inRange() {
    var generator = FastJSONCorruption.SeededGenerator(state: 1)
    for _ in 0..<5_000 {
      let fields = [
        Int.random(in: 1600...9999, using: &generator), Int.random(in: 1...12, using: &generator),
        Int.random(in: 1...28, using: &generator), Int.random(in: 0...23, using: &generator),
        Int.random(in: 0...59, using: &generator), Int.random(in: 0...59, using: &generator),
      ]
      let text = Self.text(fields)
      #expect(Self.direct(text) != nil, "\(text)")
      #expect(Self.direct(text) == Self.foundation(text), "\(text)")
    }
  }

  @Test("out-of-range fields and stray bytes: the same date, or none, as Foundation")
  func corrupted() {
    var generator = FastJSONCorruption.SeededGenerator(state: 2)
    let strays: [UInt8] =
      Array("0123456789-:TZz/ .+A".utf8) + [0x00, 0x1F, 0x2F, 0x3A, 0x80, 0x8A, 0xFF]
    for _ in 0..<20_000 {
      var fields = [
        Int.random(in: 1000...9999, using: &generator), Int.random(in: 0...13, using: &generator),
        Int.random(in: 0...32, using: &generator), Int.random(in: 0...25, using: &generator),
        Int.random(in: 0...61, using: &generator), Int.random(in: 0...61, using: &generator),
      ]
      if Bool.random(using: &generator) { fields[2] = Int.random(in: 28...31, using: &generator) }
      var bytes = Array(Self.text(fields).utf8)
      if Bool.random(using: &generator) {
        let position = Int.random(in: 0..<bytes.count, using: &generator)
        bytes[position] = strays[Int.random(in: 0..<strays.count, using: &generator)]
      }
      let text = String(decoding: bytes, as: UTF8.self)
      guard text.utf8.count == 20 else { continue }
      if let date = Self.direct(text) {
        #expect(date == Self.foundation(text), "\(text)")
      }
      #expect(Self.fast(text) == Self.foundation(text), "\(text)")
    }
  }

  @Test("separators, digits and the zone letter are checked exactly")
  func exactShape() {
    #expect(Self.direct("2012-06-12T20:30:03Z") == Date(timeIntervalSince1970: 1_339_533_003))
    for bad in [
      "2012/06-12T20:30:03Z", "2012-06/12T20:30:03Z", "2012-06-12 20:30:03Z",
      "2012-06-12T20.30:03Z", "2012-06-12T20:30.03Z", "2012-06-12T20:30:03z",
      "2012-06-12T20:30:03+", "2O12-06-12T20:30:03Z", "2012-06-12T2a:30:03Z",
      "1599-12-31T23:59:59Z", "2012-02-30T00:00:00Z", "2012-06-12T24:00:00Z",
      "2012-06-12T20:60:03Z", "2012-06-12T20:30:60Z", "2012-00-12T20:30:03Z",
    ] {
      #expect(Self.direct(bad) == nil, "\(bad)")
    }
    #expect(Self.direct("2012-02-29T00:00:00Z") != nil)
    #expect(Self.direct("2100-02-29T00:00:00Z") == nil)
  }
}
