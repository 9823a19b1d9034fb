import Foundation

/// Keeps Foundation's JSON parser from crashing kivash.
///
/// `JSONDecoder` traps instead of throwing when the last byte of its input opens the 513th
/// nested array or object (in Swift 6.3: the "too deeply nested" error points past the end
/// of the input), so a file of 513 `[` would crash `decode @FILE`. Such input is never
/// JSON; the guard gives the error `JSONDecoder` throws for any input nested too deep.
enum FoundationJSONGuard {
  /// The deepest nesting Foundation's parser accepts.
  static let maximumDepth = 512

  /// Whether `JSONDecoder` might trap on `data`: its last byte other than NUL (UTF-16 and
  /// UTF-32 are converted first) opens an array or object, outside a string, more than
  /// `maximumDepth` levels deep. Cheap when the last byte is anything else.
  static func mightTrap(_ data: Data) -> Bool {
    guard let last = data.last(where: { $0 != 0 }),
      last == UInt8(ascii: "[") || last == UInt8(ascii: "{")
    else { return false }
    var depth = 0
    var inString = false
    var escaped = false
    for byte in data where byte != 0 {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        depth = max(0, depth - 1)
      }
    }
    return !inString && depth > maximumDepth
  }

  /// The error `JSONDecoder` throws for input that is not JSON.
  static var notJSON: DecodingError {
    .dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON."))
  }
}

extension JSONDecoder {
  /// `decode(_:from:)` for input from outside kivash: where Foundation's parser would trap
  /// (see `FoundationJSONGuard`), throws the `dataCorrupted` error it gives other input
  /// that is not JSON.
  package func decodeWithoutTrapping<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    if FoundationJSONGuard.mightTrap(data) { throw FoundationJSONGuard.notJSON }
    return try decode(type, from: data)
  }
}
