/// The words after a command word, consumed one at a time by the command's parser.
public struct Arguments: Sendable {
  /// The command word as typed.
  public let commandWord: Token
  private var words: ArraySlice<Token>

  /// Creates arguments for `commandWord` from the words after it.
  public init(commandWord: Token, words: [Token]) {
    self.commandWord = commandWord
    self.words = words[...]
  }

  /// Whether every word has been consumed.
  public var isEmpty: Bool { words.isEmpty }

  /// Takes the next word, if any.
  public mutating func next() -> Token? {
    words.popFirst()
  }

  /// Looks at the next word without taking it.
  public func peek() -> Token? {
    words.first
  }

  /// Takes all remaining words as one text joined by single spaces, with its span.
  public mutating func rest() -> Token? {
    guard let first = words.first, let last = words.last else { return nil }
    let text = words.map(\.text).joined(separator: " ")
    words = []
    return Token(text, at: first.range.lowerBound..<last.range.upperBound)
  }

  /// Fails when words are left over.
  public func expectEnd(command: String, usage: String) throws(ShellError) {
    if let extra = words.first {
      throw ShellError(
        .unexpectedArgument(command: command, got: extra.text, usage: usage), at: extra)
    }
  }

  /// Takes a row number (from 1) of the last list.
  public mutating func rowReference(command: String) throws(ShellError) -> RowReference {
    let token = peek() ?? commandWord
    do throws(ShellError) {
      let number = try number(command: command, what: "a row number", example: "\(command) 1")
      return RowReference(number: number, token: token)
    } catch {
      // A row beyond Int is no row of any list: said when the rows are known.
      guard case .numberTooLarge = error.kind else { throw error }
      return RowReference(number: Int.max, token: token)
    }
  }

  /// Takes a whole number of at least `minimum`; amounts may be written `$1,000`.
  public mutating func number(
    command: String, what: String, example: String, minimum: Int = 1, money: Bool = false
  ) throws(ShellError) -> Int {
    guard let word = next() else {
      throw ShellError(
        .missingArgument(command: command, what: what, example: example), at: commandWord)
    }
    func tooSmall() -> ShellError {
      ShellError(
        .numberTooSmall(command: command, what: what, got: word.text, minimum: minimum), at: word)
    }
    guard let value = money ? Money.parse(word.text) : Int(word.text) else {
      if Self.isWholeNumber(word.text, money: money) {
        throw ShellError(
          .numberTooLarge(command: command, what: what, got: word.text, maximum: Int.max),
          at: word)
      }
      if Self.isNegative(word.text, money: money) { throw tooSmall() }
      if money, let whole = Self.wholeDollars(in: word.text) {
        // No 'e.g.' that would itself be refused: `0.00` is 0 whole dollars.
        guard whole >= minimum else { throw tooSmall() }
        throw ShellError(.centsInAmount(command: command, got: word.text, whole: whole), at: word)
      }
      throw ShellError(.notANumber(command: command, what: what, got: word.text), at: word)
    }
    guard value >= minimum else { throw tooSmall() }
    return value
  }

  /// Whether `text` is a negative whole number, or with `money` a negative amount, with
  /// cents or without (`-5`, `-$1,000`, `-0.50`).
  static func isNegative(_ text: String, money: Bool) -> Bool {
    guard text.hasPrefix("-") else { return false }
    let body = String(text.dropFirst())
    return isWholeNumber(body, money: money) || (money && wholeDollars(in: body) != nil)
  }

  /// The whole dollars, rounded up, of an amount written with cents (`500.00`, `$1,000.5`):
  /// loan amounts are whole, so below $499.99 is below $500, and from $600.50 from $601.
  /// Nil for a negative amount (`-0.5`, which would round up to 0).
  static func wholeDollars(in text: String) -> Int? {
    guard !text.hasPrefix("-") else { return nil }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let cents = parts.last, (1...2).contains(cents.count),
      cents.allSatisfy({ $0.isASCII && $0.isNumber }),
      let dollars = parts.first.flatMap({ Money.parse(String($0)) })
    else { return nil }
    let (rounded, overflow) = dollars.addingReportingOverflow(
      cents.allSatisfy { $0 == "0" } ? 0 : 1)
    return overflow ? nil : rounded
  }

  /// Whether `text` is written as a positive whole number (an amount: `$`, `,` allowed),
  /// however large: what `Int` cannot hold is then too large, not a typo.
  static func isWholeNumber(_ text: String, money: Bool) -> Bool {
    var body = Substring(text)
    if body.hasPrefix("+") { body = body.dropFirst() }
    if money, body.hasPrefix("$") { body = body.dropFirst() }
    let groups = money ? body.split(separator: ",", omittingEmptySubsequences: false) : [body]
    guard let first = groups.first, !first.isEmpty else { return false }
    if groups.count > 1 && (first.count > 3 || groups.dropFirst().contains { $0.count != 3 }) {
      return false
    }
    return groups.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }
}
