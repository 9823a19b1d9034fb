import Foundation
import Testing

@testable import KivaShell

/// Strings with escapes decode as `JSONDecoder` decodes them, valid or not.
@Suite("Escaped strings")
struct FastJSONEscapeTests {
  /// Escapes, pairs, lone surrogates and bad sequences: the inside of a JSON string.
  static let texts: [String] = [
    #"\"\\\/\b\f\n\r\t"#, #"a\u0041b"#, #"caf\u00e9"#, #"\u20AC1"#, #"\uD83D\uDE00!"#,
    #"x\ud83d\ude00y"#, #"\uD83D"#, #"\uDE00"#, #"\uD83Dx"#, #"\uD83D\u0041"#, #"\uD83D\n"#,
    #"\u00"#, #"\u00G1"#, #"\x"#, #"\"#, #"é\u00e9é"#, #"Luc\u00eda's Group"#,
    #"to buy a solar home system, which will replace the kerosene lamps his family uses\/"#,
    #"\u0000"#, #"\u001f\u007f"#,
  ]

  /// Raw bytes next to escapes: invalid UTF-8 before, after and between them, and raw
  /// control characters.
  static let rawBytes: [[UInt8]] = [
    [0xC3, 0x5C, 0x6E], [0x5C, 0x6E, 0xA9], [0xE2, 0x82, 0x5C, 0x75, 0x30, 0x30, 0x61, 0x63],
    [0x61, 0x5C, 0x74, 0x62, 0x01], [0x09, 0x5C, 0x6E], [0xF0, 0x9F, 0x98, 0x80, 0x5C, 0x2F],
  ]

  static var bodies: [[UInt8]] { texts.map { Array($0.utf8) } + rawBytes }

  @Test("each escape, pair, lone surrogate and bad sequence, alone and in arrays and objects")
  func sameAsFoundation() {
    let differential = FastJSONDifferential()
    for body in Self.bodies {
      let string = [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")]
      differential.expectSame(String.self, Data(string))
      differential.expectSame(
        [String].self, Data(Array("[".utf8) + string + Array(", \"x\"]".utf8)))
      differential.expectSame(
        [String: String].self, Data(Array(#"{"k": "#.utf8) + string + Array("}".utf8)))
      // Long enough to leave the stack for the heap.
      let long =
        [UInt8(ascii: "\"")] + Array(repeating: body, count: 200).flatMap { $0 }
        + [UInt8(ascii: "\"")]
      differential.expectSame(String.self, Data(long))
    }
  }
}
