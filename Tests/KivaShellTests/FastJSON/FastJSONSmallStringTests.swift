import Foundation
import Testing

@testable import KivaShell

/// Short ASCII strings made from their bytes (`FastJSONSmallString`) are the strings the
/// standard library makes, bit for bit, wherever they lie in the input.
@Suite("Short strings made from their bytes")
struct FastJSONSmallStringTests {
  typealias Generator = FastJSONCorruption.SeededGenerator

  static func words(_ string: String) -> (UInt64, UInt64) {
    unsafeBitCast(string, to: (UInt64, UInt64).self)
  }

  @Test("the standard library lays out short strings as expected here")
  func available() {
    // Were this to fail, strings would still decode (the ordinary way), only slower.
    #expect(FastJSONSmallString.isAvailable)
  }

  @Test("every length, with any bytes after the string, and near the end of the input")
  func sameAsStandardLibrary() {
    guard FastJSONSmallString.isAvailable else { return }
    var generator = Generator(state: 31)
    for _ in 0..<200 {
      // Printable ASCII, then bytes of any value after the string.
      let bytes =
        (0..<FastJSONSmallString.capacity).map { _ in
          UInt8.random(in: 0x20...0x7E, using: &generator)
        } + (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for count in 0...FastJSONSmallString.capacity {
          let expected = String(
            decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
          for readable in [count, count + 1, 15, 16, buffer.count] where readable >= count {
            let made = FastJSONSmallString.make(base, count: count, readable: readable)
            #expect(made == expected)
            #expect(Self.words(made) == Self.words(expected), "\(count) of \(bytes)")
            #expect(made.hashValue == expected.hashValue)
            #expect(made.utf8.count == count)
          }
        }
      }
    }
  }

  @Test("short strings decode as JSONDecoder decodes them, last in the input or not")
  func decoding() {
    let differential = FastJSONDifferential()
    for length in 0...18 {
      let text = String(repeating: "ab9 ", count: 5).prefix(length)
      differential.expectSame(String.self, "\"\(text)\"")
      differential.expectSame([String].self, "[\"\(text)\"]")
      differential.expectSame([String: String].self, "{\"k\": \"\(text)\", \"m\": \"x\"}")
      differential.expectSame([String].self, "[\"\(text)\\u00e9\", \"\(text)é\", \"\(text)\\n\"]")
    }
  }
}
