import Testing

@testable import KivaShell

/// The decoder's UTF-8 check accepts exactly what `String(validating:as:)` accepts.
@Suite("UTF-8 checked as the standard library checks it")
struct FastJSONUTF8Tests {
  typealias Generator = FastJSONCorruption.SeededGenerator

  static func check(_ bytes: [UInt8]) -> (ours: String?, standard: String?) {
    bytes.withUnsafeBufferPointer { buffer in
      (FastJSONUTF8.string(buffer), String(validating: buffer, as: UTF8.self))
    }
  }

  @Test(
    "edge cases: overlong forms, surrogates, beyond U+10FFFF, truncated sequences",
    arguments: [
      [], [0x41], [0xC2, 0x80], [0xC1, 0xBF], [0xC0, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80],
      [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEE, 0x80, 0x80],
      [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
      [0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0x41], [0xE2, 0x41, 0xAC],
      [0xF0, 0x9F, 0x41, 0x80], [0x61, 0xC3, 0xA9, 0x62],
    ] as [[UInt8]])
  func edgeCases(bytes: [UInt8]) {
    let (ours, standard) = Self.check(bytes)
    #expect(ours == standard, "\(bytes)")
    #expect((ours == nil) == (standard == nil), "\(bytes)")
  }

  @Test("random bytes, mostly high ones: the same verdict and the same string")
  func randomBytes() {
    var generator = Generator(state: 31)
    let interesting: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
      0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    var valid = 0
    for _ in 0..<50_000 {
      let count = Int.random(in: 0..<8, using: &generator)
      let bytes = (0..<count).map { _ in
        Bool.random(using: &generator)
          ? interesting[Int.random(in: 0..<interesting.count, using: &generator)]
          : UInt8.random(in: 0x80...0xBF, using: &generator)
      }
      let (ours, standard) = Self.check(bytes)
      #expect(ours == standard, "\(bytes)")
      if standard != nil { valid += 1 }
    }
    // Both verdicts were exercised.
    #expect(valid > 1_000)
    #expect(valid < 49_000)
  }
}
