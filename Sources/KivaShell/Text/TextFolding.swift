import Foundation

extension String {
  /// This text with case and diacritics folded away, for matching what people type:
  /// "Marème" folds to "mareme", "THAI" to "thai". Letters that are no letter plus an
  /// accent but that people type as one fold to it too (`Đức` → "duc", `Diyarbakır` →
  /// "diyarbakir", `Gülnarə` → "gulnare"), and apostrophes go (`Faʻamalu` and `Fa'amalu`
  /// → "faamalu", `Pheap's` → "pheaps"), however they are written.
  public var folded: String {
    // ASCII, by far the commonest case in the data, folds by lowering its letters; only
    // other text goes through Foundation (which is much slower).
    var isASCII = true
    for byte in utf8 where byte >= 0x80 {
      isASCII = false
      break
    }
    guard isASCII else {
      let accentless = folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      var result = String.UnicodeScalarView()
      for scalar in accentless.unicodeScalars {
        if let replacement = Self.foldedLetters[scalar] {
          result.append(contentsOf: replacement.unicodeScalars)
        } else {
          result.append(scalar)
        }
      }
      return String(result)
    }
    return String(unsafeUninitializedCapacity: utf8.count) { buffer in
      var count = 0
      for byte in utf8 where byte != Self.apostrophe {
        buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        count += 1
      }
      return count
    }
  }

  /// The ASCII apostrophe, which folding drops.
  static let apostrophe = UInt8(ascii: "'")

  /// What folding makes of letters that Foundation's folding keeps (they do not
  /// decompose into a letter and an accent), after it has lowered them; apostrophes
  /// (`'` `ʻ` `ʼ` `‘` `’`) fold to nothing.
  static let foldedLetters: [Unicode.Scalar: String] = [
    "đ": "d", "ð": "d", "ı": "i", "ə": "e", "ø": "o", "ł": "l", "ß": "ss", "æ": "ae",
    "œ": "oe", "þ": "th", "ħ": "h", "ŧ": "t", "ŀ": "l", "ĸ": "k", "ŉ": "n",
    "'": "", "\u{02BB}": "", "\u{02BC}": "", "\u{2018}": "", "\u{2019}": "",
  ]

  /// Whether this text, folded, contains every whitespace-separated word of `query`, folded.
  func matchesAllWords(ofFolded queryWords: [Substring]) -> Bool {
    queryWords.allSatisfy { contains($0) }
  }
}
