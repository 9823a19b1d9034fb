/// How many terminal columns text takes: most characters one, East Asian wide and
/// full-width characters and emoji two, combining marks and invisible format characters
/// none (as terminals draw them, after Unicode's East Asian Width and emoji
/// presentation properties).
enum DisplayWidth {
  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    // Plain ASCII, the usual case: one column a character (control characters aside).
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    if let width = narrowWidth(text) { return width }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns of text whose every scalar `isNarrowAlone`: one each, but for the
  /// invisible soft hyphen; nil for other text. (Asking each character's Unicode
  /// properties took a third of `list all`.)
  private static func narrowWidth(_ text: some StringProtocol) -> Int? {
    var width = 0
    for scalar in text.unicodeScalars {
      guard isNarrowAlone(scalar.value) else { return nil }
      if scalar.value != softHyphen { width += 1 }
    }
    return width
  }

  /// Whether a scalar is a character of its own that takes one column (the soft hyphen
  /// none), known without asking its properties: Latin up to the combining marks
  /// (U+0300), Greek and Cyrillic letters, and the dashes, quotes, bullets and ellipsis
  /// of General Punctuation. None of them combines with the next, or is an emoji alone.
  @inline(__always)
  private static func isNarrowAlone(_ value: UInt32) -> Bool {
    switch value {
    case 0..<0x300, 0x370..<0x483, 0x2010...0x2027, 0x2030...0x205E: true
    default: false
    }
  }

  private static let softHyphen: UInt32 = 0xAD

  /// The columns one character takes.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    if let first = scalars.first, isNarrowAlone(first.value),
      scalars.index(after: scalars.startIndex) == scalars.endIndex
    {
      return first.value == softHyphen ? 0 : 1
    }
    return fromProperties(character)
  }

  /// The columns one character takes, from its Unicode properties.
  static func fromProperties(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    let isEmoji =
      character.unicodeScalars.contains { $0.properties.isEmojiPresentation }
      || (first.properties.isEmoji && character.unicodeScalars.contains { $0.value == 0xFE0F })
    return isEmoji || isWide(first.value) ? 2 : 1
  }

  /// East Asian Wide and Fullwidth ranges (Unicode 15): Hangul Jamo, CJK and its
  /// punctuation, Hiragana, Katakana, Hangul syllables, compatibility ideographs,
  /// vertical and small forms, full-width ASCII and signs, the supplementary ideographs.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
