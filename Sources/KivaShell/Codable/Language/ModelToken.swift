/// One token of the model language, with where it starts in the source.
struct ModelToken: Equatable {
  enum Kind: Equatable {
    /// `Loan`, `location`, `model`, `true`.
    case identifier(String)
    /// `"first-name"`, with its escapes resolved.
    case string(String)
    case integer(Int)
    case double(Double)
    /// One of `{ } : ; , = . [ ] ? ??`.
    case symbol(String)
    case newline
    case end
  }

  var kind: Kind
  /// The character offset of the token's first character in the source.
  var offset: Int
  /// The token as it was written, for quoting it in messages.
  var text: String

  /// The token as a message quotes it: `'String'`, `'"x"'`, `a new line`.
  var quoted: String {
    switch kind {
    case .newline: "a new line"
    case .end: "the end of the input"
    default: "'\(text)'"
    }
  }

  /// The identifier's name, if the token is one.
  var identifier: String? {
    if case .identifier(let name) = kind { return name }
    return nil
  }

  /// Whether the token is the symbol `symbol`.
  func isSymbol(_ symbol: String) -> Bool {
    kind == .symbol(symbol)
  }

  /// Whether the token is the identifier `word`.
  func isWord(_ word: String) -> Bool {
    kind == .identifier(word)
  }
}

/// Splits model-language source into tokens. `//` starts a comment to the end of the line.
struct ModelLexer {
  private let characters: [Character]
  private var index = 0

  init(_ source: String) {
    characters = Array(source)
  }

  /// Every token of the source, ending with `.end`.
  static func tokens(of source: String) throws(ModelSyntaxError) -> [ModelToken] {
    var lexer = ModelLexer(source)
    var tokens: [ModelToken] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private var current: Character? { index < characters.count ? characters[index] : nil }

  private func peek(_ distance: Int) -> Character? {
    index + distance < characters.count ? characters[index + distance] : nil
  }

  private mutating func next() throws(ModelSyntaxError) -> ModelToken {
    skipSpacesAndComments()
    let start = index
    guard let character = current else { return ModelToken(kind: .end, offset: start, text: "") }
    if character.isNewline {
      index += 1
      return ModelToken(kind: .newline, offset: start, text: "\n")
    }
    if character == "\"" { return try string() }
    if Self.isDigit(character) || (character == "-" && peek(1).map(Self.isDigit) == true) {
      return try number()
    }
    if Self.startsIdentifier(character) {
      while let next = current, Self.continuesIdentifier(next) { index += 1 }
      let name = String(characters[start..<index])
      return ModelToken(kind: .identifier(name), offset: start, text: name)
    }
    if character == "?", peek(1) == "?" {
      index += 2
      return ModelToken(kind: .symbol("??"), offset: start, text: "??")
    }
    if "{}:;,=.[]?".contains(character) {
      index += 1
      return ModelToken(kind: .symbol(String(character)), offset: start, text: String(character))
    }
    let curly = JSONSyntaxHints.curlyQuotes.contains(character)
    throw ModelSyntaxError(
      message: "unexpected character '\(character)'"
        + (curly ? " — " + JSONSyntaxHints.curlyQuoteHint : quotingHint(at: start)),
      offset: start)
  }

  /// For a character inside a word (`first-name`): how to write it. A key with other
  /// characters than letters, digits and `_` goes in quotes; a field's name (the word
  /// before a `:`) is a Swift name, which reads that key. Else nothing.
  private func quotingHint(at offset: Int) -> String {
    guard offset > 0, Self.continuesIdentifier(characters[offset - 1]),
      offset + 1 < characters.count, Self.continuesIdentifier(characters[offset + 1])
    else { return "" }
    var start = offset
    while start > 0, Self.continuesIdentifier(characters[start - 1]) { start -= 1 }
    var end = offset + 1
    while end < characters.count, !characters[end].isWhitespace,
      !"{};,=?.:[]\"".contains(characters[end])
    {
      end += 1
    }
    let word = String(characters[start..<end])
    var next = end
    while next < characters.count, characters[next] == " " { next += 1 }
    if next < characters.count, characters[next] == ":" {
      let name = KeyNaming.camelCase(fromSnakeCase: word.replacingOccurrences(of: "-", with: "_"))
      return " — a field's name is a Swift name: write \(name): TYPE = \"\(word)\""
    }
    return " — a key with such characters goes in quotes: \"\(word)\""
  }

  private mutating func skipSpacesAndComments() {
    while let character = current {
      if character.isWhitespace, !character.isNewline {
        index += 1
      } else if character == "/", peek(1) == "/" {
        while let next = current, !next.isNewline { index += 1 }
      } else {
        return
      }
    }
  }

  /// A number: `12`, `-3`, `3.5`, `1e+20`. Integers without a fraction or exponent.
  private mutating func number() throws(ModelSyntaxError) -> ModelToken {
    let start = index
    if current == "-" { index += 1 }
    var isDouble = false
    skipDigits()
    if current == ".", peek(1).map(Self.isDigit) == true {
      isDouble = true
      index += 1
      skipDigits()
    }
    if current == "e" || current == "E" {
      let signLength = (peek(1) == "+" || peek(1) == "-") ? 1 : 0
      if peek(1 + signLength).map(Self.isDigit) == true {
        isDouble = true
        index += 1 + signLength
        skipDigits()
      }
    }
    let text = String(characters[start..<index])
    if isDouble, let value = Double(text), value.isFinite {
      return ModelToken(kind: .double(value), offset: start, text: text)
    }
    if !isDouble, let value = Int(text) {
      return ModelToken(kind: .integer(value), offset: start, text: text)
    }
    throw ModelSyntaxError(message: "number '\(text)' is too large", offset: start)
  }

  private mutating func skipDigits() {
    while let next = current, Self.isDigit(next) { index += 1 }
  }

  /// A string literal with Swift's escapes: `\"`, `\\`, `\'`, `\n`, `\r`, `\t`, `\0`, `\u{…}`.
  ///
  /// Read scalar by scalar, as Swift reads it: a character may hold a quote or a
  /// backslash after a mark that joins what follows it (U+0600 ARABIC NUMBER SIGN before
  /// the closing quote is one character with it), and they still end the string or start
  /// an escape.
  private mutating func string() throws(ModelSyntaxError) -> ModelToken {
    let start = index
    index += 1
    var value = ""
    characters: while let character = current, !Self.endsLine(character) {
      index += 1
      var scalars = character.unicodeScalars.makeIterator()
      while let scalar = scalars.next() {
        if scalar == "\"" {
          guard scalars.next() == nil else {
            // A mark joined to the closing quote: it stands outside the string.
            throw ModelSyntaxError(
              message: "unexpected character '\(character)' after a string", offset: index - 1)
          }
          let text = String(characters[start..<index])
          return ModelToken(kind: .string(value), offset: start, text: text)
        }
        if scalar == "\\" {
          guard scalars.next() == nil else {
            // A mark joined to the backslash: no escape starts with one.
            throw ModelSyntaxError(
              message: "unknown escape '\(character)' in a string", offset: index - 1)
          }
          // A backslash ending the line leaves the string open.
          guard let next = current, !Self.endsLine(next) else { break characters }
          value.append(try escape(at: index - 1))
        } else {
          value.unicodeScalars.append(scalar)
        }
      }
    }
    let text = String(characters[start..<index])
    throw ModelSyntaxError(message: "unterminated string '\(text)'", offset: start)
  }

  private mutating func escape(at start: Int) throws(ModelSyntaxError) -> Character {
    let simple: [Character: Character] = [
      "\"": "\"", "\\": "\\", "'": "'", "n": "\n", "r": "\r", "t": "\t", "0": "\0",
    ]
    guard let letter = current else {
      throw ModelSyntaxError(message: "unterminated string", offset: start)
    }
    index += 1
    if let resolved = simple[letter] { return resolved }
    if letter == "u", current == "{" {
      index += 1
      var digits = ""
      while let next = current, next.isHexDigit, digits.count < 8 {
        digits.append(next)
        index += 1
      }
      if current == "}", let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
        index += 1
        return Character(scalar)
      }
    }
    let text = String(characters[start..<min(index, characters.count)])
    throw ModelSyntaxError(message: "unknown escape '\(text)' in a string", offset: start)
  }

  /// Whether `character` ends a line inside a string literal: only `\n` and `\r`, as in
  /// Swift (U+0085, U+2028 and U+2029 are text there, and are written raw).
  static func endsLine(_ character: Character) -> Bool {
    character == "\n" || character == "\r" || character == "\r\n"
  }

  /// Whether `character` is one of the digits 0 to 9.
  static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
  }

  /// Whether `character` can start an identifier: a letter or `_`.
  static func startsIdentifier(_ character: Character) -> Bool {
    character == "_" || character.isLetter
  }

  /// Whether `character` can continue an identifier: a letter, an ASCII digit or `_`.
  static func continuesIdentifier(_ character: Character) -> Bool {
    character == "_" || character.isLetter || isDigit(character)
  }
}
