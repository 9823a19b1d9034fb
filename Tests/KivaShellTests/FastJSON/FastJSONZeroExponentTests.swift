import Foundation
import Testing

@testable import KivaShell

/// Found by the fuzz-json target (and by session 1's random edits): `JSONDecoder` refuses
/// a lone `0` with a one-digit exponent other than 0 (`0e1`, `0E9`) as a `Double` — its
/// check for an underflow to zero reads the last bytes backwards. `FastJSONDecoder` does
/// the same, so the two agree; should Foundation change, these tests say so.
@Suite("FastJSON and JSONDecoder on exponents of zero")
struct FastJSONZeroExponentTests {
  @Test(
    "a lone 0 with a one-digit exponent other than 0 is refused by both",
    arguments: ["0e1", "0E9", "[0e1]", "[0e1,1]", #"{"a": 0E5}"#])
  func zeroWithShortExponent(json: String) throws {
    let data = Data(json.utf8)
    let probe = KnownDifferenceProbe.self
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(probe, from: data) }
    #expect(throws: DecodingError.self) { try FastJSONDecoder().decode(probe, from: data) }
  }

  @Test(
    "other exponents of zero are the same to both",
    arguments: ["0e0", "0e10", "0e01", "0e+1", "0e-1", "-0e1", "0.0e1", "1e1", "[0e+1]"])
  func otherExponents(json: String) throws {
    let data = Data(json.utf8)
    let fast = try FastJSONDecoder().decode(KnownDifferenceProbe.self, from: data)
    let foundation = try JSONDecoder().decode(KnownDifferenceProbe.self, from: data)
    #expect(fast.double == foundation.double)
  }
}

/// The first number of a document, alone, in an array or in an object, as a `Double`.
private struct KnownDifferenceProbe: Decodable {
  var double: Double

  init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      double = try array.decode(Double.self)
    } else if let object = try? decoder.container(keyedBy: AnyKey.self),
      let key = object.allKeys.first
    {
      double = try object.decode(Double.self, forKey: key)
    } else {
      double = try decoder.singleValueContainer().decode(Double.self)
    }
  }

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
