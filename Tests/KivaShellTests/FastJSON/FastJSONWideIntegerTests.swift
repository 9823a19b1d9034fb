import Foundation
import Testing

@testable import KivaShell

/// 128-bit integers through every kind of container, as models declare them.
private struct WideIntegers: Decodable, Equatable {
  let signed: Int128
  let unsigned: UInt128?
  let list: [Int128]
  let unsignedList: [UInt128?]

  enum CodingKeys: String, CodingKey { case signed, unsigned, list, unsignedList = "unsigned_list" }
}

@Suite("Int128 and UInt128 decode as JSONDecoder decodes them")
struct FastJSONWideIntegerTests {
  /// Numbers around the edges of 64 and 128 bits, in every JSON spelling.
  static let numbers = [
    "0", "-0", "1", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "18446744073709551616", "12345678901234567890123",
    "170141183460469231731687303715884105727", "170141183460469231731687303715884105728",
    "-170141183460469231731687303715884105728", "-170141183460469231731687303715884105729",
    "340282366920938463463374607431768211455", "340282366920938463463374607431768211456",
    "1e3", "1E2", "1e18", "1e19", "1e20", "1e30", "-1e18", "1.0", "1.5", "0.0", "-0.0",
    "9007199254740993.0", "18446744073709551615.0", "12345678901234567890.0", "01", "-",
    "1e", "\"7\"", "null", "true", "[1]",
  ]

  @Test("each number as a value, an optional and array elements", arguments: numbers)
  func sameAsFoundation(number: String) {
    let differential = FastJSONDifferential()
    differential.expectSame(
      WideIntegers.self,
      #"{"signed": \#(number), "unsigned": \#(number), "list": [\#(number)], "unsigned_list": [\#(number)]}"#
    )
    differential.expectSame(Int128.self, number)
    differential.expectSame(UInt128.self, number)
    differential.expectSame([Int128].self, "[1, \(number)]")
    differential.expectSame([String: UInt128].self, #"{"a": \#(number)}"#)
  }

  @Test("the largest values read exactly")
  func extremes() throws {
    let data = Data(
      #"{"signed": -170141183460469231731687303715884105728, "unsigned": 340282366920938463463374607431768211455, "list": [170141183460469231731687303715884105727], "unsigned_list": [null]}"#
        .utf8)
    let decoded = try FastJSONDecoder().decode(WideIntegers.self, from: data)
    #expect(decoded.signed == .min)
    #expect(decoded.unsigned == .max)
    #expect(decoded.list == [.max])
    #expect(decoded.unsignedList == [nil])
  }
}
