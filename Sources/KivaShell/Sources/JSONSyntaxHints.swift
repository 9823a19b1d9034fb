/// The reasons the syntax scanner gives where a value or a key cannot start, with a hint
/// for what people new to JSON write instead: Python's `True`/`None`, Swift's `nil`,
/// JavaScript's `undefined` and `NaN`, single quotes, keys without quotes.
enum JSONSyntaxHints {
  /// Typographic quotes, which slides and word processors put in for `"` and `'`.
  static let curlyQuotes: Set<Character> = ["“", "”", "„", "‘", "’", "«", "»"]

  /// What to say where a curly quote stands for a straight one.
  static let curlyQuoteHint =
    "JSON and models take straight quotes (\"), not curly ones (copied from a slide?)"

  /// Whether a curly quote starts at `offset`.
  private static func isCurlyQuote(in bytes: [UInt8], at offset: Int) -> Bool {
    guard offset < bytes.count, let scalar = scalar(in: bytes, at: offset) else { return false }
    return curlyQuotes.contains(Character(scalar))
  }

  /// Why no value starts at `offset`: the word there is quoted whole (`'True'`, not `'T'`).
  /// `nested`: inside an array or object, where a bare word is most likely a string
  /// without its quotes.
  static func badValue(in bytes: [UInt8], at offset: Int, nested: Bool) -> String {
    if isCurlyQuote(in: bytes, at: offset) {
      return "unexpected \(describe(bytes, at: offset)), expected a value — \(curlyQuoteHint)"
    }
    guard let word = word(in: bytes, at: offset) else {
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "'") {
        return "unexpected ''', expected a value — JSON strings take double quotes: \"…\""
      }
      return "unexpected \(describe(bytes, at: offset)), expected a value"
    }
    let hint =
      valueHint(word) ?? (nested ? "a string takes double quotes: \"\(word)\"" : nil)
    return "unexpected '\(word)', expected a value" + (hint.map { " — \($0)" } ?? "")
  }

  /// Why no key starts at `offset` inside an object.
  static func badKey(in bytes: [UInt8], at offset: Int) -> String {
    let found = "expected a quoted key in the object, found"
    if isCurlyQuote(in: bytes, at: offset) {
      return "\(found) \(describe(bytes, at: offset)) — \(curlyQuoteHint)"
    }
    if let word = word(in: bytes, at: offset) {
      return "\(found) '\(word)' — JSON keys take double quotes: \"\(word)\""
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "'") {
      return "\(found) ''' — JSON keys take double quotes: \"…\""
    }
    return "\(found) \(describe(bytes, at: offset))"
  }

  /// What JSON writes for a word that is no JSON value, or nil when nothing is known.
  static func valueHint(_ word: String) -> String? {
    let literals = ["true", "false", "null"]
    let lower = word.lowercased()
    if literals.contains(lower) { return "JSON writes it in lower case: \(lower)" }
    switch word {
    case "None", "nil", "undefined", "NULL", "Nil": return "JSON writes no value as null"
    case "NaN", "Infinity", "inf", "nan": return "JSON has no \(word): write null, or a string"
    default: break
    }
    if let literal = literals.first(where: { $0.hasPrefix(lower) }) {
      return "did you mean \(literal)?"
    }
    return nil
  }

  /// The ASCII word (letters, digits, `_`) that starts with a letter at `offset`, cut at
  /// 40 characters; nil when no letter is there.
  private static func word(in bytes: [UInt8], at offset: Int) -> String? {
    guard offset < bytes.count, isLetter(bytes[offset]) else { return nil }
    var end = offset
    while end < bytes.count, end - offset < 40,
      isLetter(bytes[end]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
        || bytes[end] == UInt8(ascii: "_")
    {
      end += 1
    }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// The byte at `offset` as the scanner names it: `'x'`, `'é'` (a whole UTF-8 letter or
  /// emoji), `byte 0xFF`, `end of input`.
  static func describe(_ bytes: [UInt8], at offset: Int) -> String {
    guard offset < bytes.count else { return "end of input" }
    let byte = bytes[offset]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if let scalar = scalar(in: bytes, at: offset),
      scalar.properties.isAlphabetic || scalar.properties.isEmojiPresentation
        || curlyQuotes.contains(Character(scalar))
    {
      return "'\(Character(scalar))'"
    }
    return "byte 0x" + String(byte, radix: 16, uppercase: true).leftPaddedHex
  }

  /// The UTF-8 encoded scalar that starts at `offset`, or nil when the bytes there are
  /// not one.
  private static func scalar(in bytes: [UInt8], at offset: Int) -> Unicode.Scalar? {
    let lead = bytes[offset]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
    guard length > 0, offset + length <= bytes.count,
      let text = String(validating: bytes[offset..<offset + length], as: UTF8.self),
      text.unicodeScalars.count == 1
    else { return nil }
    return text.unicodeScalars.first
  }
}

extension String {
  /// Two hex digits: a zero before a single one.
  fileprivate var leftPaddedHex: String { count < 2 ? "0" + self : self }
}
