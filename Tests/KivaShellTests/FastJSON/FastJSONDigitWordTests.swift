import Foundation
import Testing

@testable import KivaShell

/// Integers read eight bytes at a time (`FastJSONDigitWord`) come out as digit by digit,
/// and decode as `JSONDecoder` decodes them, whatever follows the digits.
@Suite("Integers read a word at a time")
struct FastJSONDigitWordTests {
  typealias Generator = FastJSONCorruption.SeededGenerator

  /// Digit by digit: how many of the eight bytes lead as digits, and their value.
  static func reference(_ bytes: [UInt8]) -> (value: UInt64, count: Int) {
    var value: UInt64 = 0
    for (index, byte) in bytes.enumerated() {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return (value, index) }
      value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
    }
    return (0, 8)
  }

  @Test("every count of digits, followed by every byte")
  func everyFollowingByte() {
    var generator = Generator(state: 21)
    for count in 0...8 {
      for next in 0...255 {
        var bytes = (0..<8).map { _ in UInt8.random(in: 0x30...0x39, using: &generator) }
        if count < 8 {
          bytes[count] = UInt8(next)
          // Any bytes after the one that ends the digits.
          for index in (count + 1)..<8 {
            bytes[index] = UInt8.random(in: 0...255, using: &generator)
          }
        }
        let read = bytes.withUnsafeBufferPointer { buffer in
          buffer.baseAddress.map(FastJSONDigitWord.read)
        }
        let expected = Self.reference(bytes)
        guard let read else {
          Issue.record("no bytes")
          return
        }
        if (0x30...0x39).contains(next) && count < 8 {
          // The digits go on past `count`.
          #expect(read.count > count, "\(bytes)")
        } else {
          #expect(read.count == expected.count && read.value == expected.value, "\(bytes)")
        }
      }
    }
  }

  @Test("integers of 1 to 20 digits, signed, with each kind of ending, as JSONDecoder reads them")
  func sameAsFoundation() {
    var generator = Generator(state: 22)
    let endings = ["", ",", "]", " ", ".5", ".0", "e2", "E0", "x"]
    let differential = FastJSONDifferential()
    for length in 1...20 {
      for ending in endings {
        let digits = String(
          (0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        for sign in ["", "-"] {
          // As the last value (fewer than eight bytes may follow) and with more after it.
          differential.expectSame([Int].self, "[\(sign)\(digits)\(ending)]")
          differential.expectSame([Int].self, "[\(sign)\(digits)\(ending), 1234567890]")
          differential.expectSame([UInt8].self, "[\(sign)\(digits)\(ending), 1]")
          differential.expectSame([Int64?].self, "[\(sign)\(digits)\(ending), null]")
          // The whole text: the number ends where the bytes do.
          differential.expectSame(Int.self, "\(sign)\(digits)\(ending)")
        }
      }
    }
  }
}
