import Foundation

/// Where `FastJSONDecoder` knowingly differs from `JSONDecoder`, so that a disagreement
/// there is not a finding.
enum KnownDifferences {
  /// Whether `data` holds a number that is a lone `0` with a one-digit unsigned exponent
  /// other than 0 (`0e1`, `0E9`): valid JSON, which `JSONDecoder` (Swift 6.3) refuses to
  /// decode as a `Double` or `Float` (it reads `0e0`, `0e10`, `0e+1` and `-0e1`), and which
  /// `FastJSONDecoder` decodes as `0.0`. Looks at the bytes other than NUL, so that UTF-16
  /// and UTF-32 input count too.
  static func hasZeroWithShortExponent(_ data: Data) -> Bool {
    let bytes = Array(data.filter { $0 != 0 })
    for index in bytes.indices.dropLast(2) {
      let isNumber =
        bytes[index] == UInt8(ascii: "0") && bytes[index + 1] | 0x20 == UInt8(ascii: "e")
        && (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index + 2])
      let startsIt = index == 0 || !continuesNumber(bytes[index - 1])
      let endsIt = index + 3 == bytes.count || !continuesNumber(bytes[index + 3])
      if isNumber && startsIt && endsIt { return true }
    }
    return false
  }

  /// A byte that belongs to a number next to it: a digit, `.` or `-`.
  private static func continuesNumber(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "-")
  }
}
