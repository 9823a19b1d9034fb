import Foundation

extension String {
  /// This text with case and diacritics folded away, for matching what people type:
  /// "Marème" folds to "mareme", "THAI" to "thai".
  public var folded: String {
    // ASCII, by far the commonest case in the data, folds by lowering its letters; only
    // other text goes through Foundation (which is much slower).
    var isASCII = true
    for byte in utf8 where byte >= 0x80 {
      isASCII = false
      break
    }
    guard isASCII else {
      return folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
    return String(unsafeUninitializedCapacity: utf8.count) { buffer in
      var count = 0
      for byte in utf8 {
        buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        count += 1
      }
      return count
    }
  }

  /// Whether this text, folded, contains every whitespace-separated word of `query`, folded.
  func matchesAllWords(ofFolded queryWords: [Substring]) -> Bool {
    queryWords.allSatisfy { contains($0) }
  }
}
