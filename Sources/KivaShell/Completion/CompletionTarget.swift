import Foundation

/// What the cursor is in: the command word, a fixed word, or a value from the data.
struct CompletionTarget {
  private enum Kind {
    case commandWord
    case words([String])
    case value(ValueSource)
    case nothing
  }

  private let kind: Kind
  /// The text typed so far for the thing being completed, unquoted.
  let typed: String
  /// How many characters of the line that text takes (quotes and escapes included).
  let typedLength: Int
  /// Whether the value runs to the end of the line (may contain spaces).
  let isRestOfLine: Bool

  init(partial: Tokenizer.Partial) {
    let current = partial.current
    guard let commandWord = partial.words.first else {
      kind = .commandWord
      typed = current.text
      typedLength = current.range.count
      isRestOfLine = false
      return
    }
    var completion = CommandRegistry.command(named: commandWord.text)?.spec.completion ?? .nothing
    var remaining = partial.words.dropFirst()
    // Walk the finished words through the completion tree.
    while true {
      switch completion {
      case .value(let source):
        // Everything after the last fixed word is one value, spaces and all.
        let valueWords = Array(remaining)
        let start = valueWords.first?.range.lowerBound ?? current.range.lowerBound
        kind = .value(source)
        typed = (valueWords.map(\.text) + [current.text]).joined(separator: " ")
          .trimmingCharacters(in: .whitespaces)
        typedLength = current.range.upperBound - start
        isRestOfLine = true
        return
      case .word(let words, let then):
        guard remaining.popFirst() != nil else {
          kind = .words(words)
          (typed, typedLength, isRestOfLine) = (current.text, current.range.count, false)
          return
        }
        completion = then
      case .subcommands(let subcommands):
        guard let word = remaining.popFirst() else {
          kind = .words(subcommands.map(\.name))
          (typed, typedLength, isRestOfLine) = (current.text, current.range.count, false)
          return
        }
        let next = subcommands.first { $0.name == word.text.lowercased() }
        completion = next?.then ?? .nothing
      case .nothing:
        kind = .nothing
        (typed, typedLength, isRestOfLine) = (current.text, current.range.count, false)
        return
      }
    }
  }

  /// What could complete the typed text, best first.
  func candidates(in session: Session) -> [String] {
    switch kind {
    case .commandWord:
      return Self.starting(with: typed, in: CommandRegistry.names)
    case .words(let words):
      return Self.starting(with: typed, in: words)
    case .nothing:
      return []
    case .value(let source):
      return values(from: source, in: session)
    }
  }

  private func values(from source: ValueSource, in session: Session) -> [String] {
    switch source {
    case .countries:
      return session.loans.vocabulary.matches(prefix: typed, in: [.country]).map(\.text)
    case .sectors:
      let known = session.loans.sectors + FilterCommand.kivaSectors
      return Self.starting(with: typed, in: Self.unique(known))
    case .searchSuggestions:
      let suggestions = Suggestions(
        prefix: typed, searches: session.recentSearches, vocabulary: session.loans.vocabulary,
        limit: 50)
      return typed.isEmpty ? suggestions.recent + suggestions.popular : suggestions.all
    case .rowNumbers:
      let count = session.lastListedIDs?.count ?? session.loans.view().count
      return Self.starting(with: typed, in: (0..<count).map { String($0 + 1) })
    case .commandNames:
      return Self.starting(with: typed, in: CommandRegistry.names)
    case .collections:
      return Self.starting(with: typed, in: Session.collectionNames)
    case .files:
      return FileNameCompletion.candidates(for: typed)
    }
  }

  private static func starting(with prefix: String, in words: [String]) -> [String] {
    let folded = prefix.folded
    return words.filter { $0.folded.hasPrefix(folded) }
  }

  private static func unique(_ words: [String]) -> [String] {
    var seen = Set<String>()
    return words.filter { seen.insert($0.folded).inserted }
  }
}
