import Foundation

extension FastJSONValueDecoder {
  /// `key` converted as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` converts
  /// it (cached: the same keys come back object after object).
  func convertedFromSnakeCase(_ key: String) -> String {
    guard key.utf8.contains(UInt8(ascii: "_")) else { return key }
    if let converted = scratch.snakeCaseKeys[key] { return converted }
    let converted = Self.convertFromSnakeCase(key)
    scratch.snakeCaseKeys[key] = converted
    return converted
  }

  /// Foundation's algorithm: the words between underscores, the first lowercased and
  /// the others capitalized, joined; leading and trailing underscores kept.
  static func convertFromSnakeCase(_ key: String) -> String {
    guard let firstNonUnderscore = key.firstIndex(where: { $0 != "_" }) else { return key }
    var lastNonUnderscore = key.index(before: key.endIndex)
    while lastNonUnderscore > firstNonUnderscore && key[lastNonUnderscore] == "_" {
      key.formIndex(before: &lastNonUnderscore)
    }
    let keyRange = firstNonUnderscore...lastNonUnderscore
    let leading = key[key.startIndex..<firstNonUnderscore]
    let trailing = key[key.index(after: lastNonUnderscore)..<key.endIndex]
    let components = key[keyRange].split(separator: "_")
    let joined: String
    if components.count == 1 {
      joined = String(key[keyRange])
    } else {
      joined = ([components[0].lowercased()] + components.dropFirst().map { $0.capitalized })
        .joined()
    }
    return leading + joined + trailing
  }
}
