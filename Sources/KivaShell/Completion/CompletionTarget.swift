import Foundation

/// What the cursor is in: the command word, a fixed word, or a value from the data.
struct CompletionTarget {
  private enum Kind {
    case commandWord
    case words([String])
    /// Fixed words, then words drawn from the session.
    case wordsAndWordFrom([String], ValueSource)
    case wordFrom(ValueSource)
    case value(ValueSource)
    case file
    /// Flags, then file names (a name may start with `-`).
    case flagsAndFiles([String])
    case nothing
  }

  private let kind: Kind
  /// The text typed so far for the thing being completed, unquoted.
  let typed: String
  /// How many characters of the line that text takes (quotes and escapes included).
  let typedLength: Int
  /// Whether the value runs to the end of the line (may contain spaces).
  let isRestOfLine: Bool

  /// Whether the candidates are file names (listed by their last part).
  var completesFiles: Bool {
    switch kind {
    case .file, .flagsAndFiles: true
    default: false
    }
  }

  init(partial: Tokenizer.Partial, current collection: CollectionKind) {
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
      case .wordFrom(let source, let then):
        guard remaining.popFirst() != nil else {
          kind = .wordFrom(source)
          (typed, typedLength, isRestOfLine) = (current.text, current.range.count, false)
          return
        }
        completion = then
      case .subcommandsOrWordFrom(let subcommands, let source, let then):
        guard let word = remaining.popFirst() else {
          kind = .wordsAndWordFrom(subcommands.map(\.name), source)
          (typed, typedLength, isRestOfLine) = (current.text, current.range.count, false)
          return
        }
        completion = subcommands.first { $0.name == word.text.lowercased() }?.then ?? then
      case .flags(let flags):
        kind = Self.flag(current, after: remaining.last, among: flags, used: Array(remaining))
        (typed, typedLength, isRestOfLine) = (current.text, current.range.count, false)
        return
      case .subcommands(let subcommands):
        let applicable = subcommands.filter { $0.only?.contains(collection) ?? true }
        guard let word = remaining.popFirst() else {
          kind = .words(applicable.map(\.name))
          (typed, typedLength, isRestOfLine) = (current.text, current.range.count, false)
          return
        }
        let next = applicable.first { $0.name == word.text.lowercased() }
        completion = next?.then ?? .nothing
      case .file(let flags, let atSign):
        (kind, typed, typedLength) = Self.file(
          current, after: remaining.last, flags: flags, atSign: atSign)
        isRestOfLine = false
        return
      case .nothing:
        kind = .nothing
        (typed, typedLength, isRestOfLine) = (current.text, current.range.count, false)
        return
      }
    }
  }

  /// What `.flags` completes in `current`, the word after `previous`: the values of the
  /// flag before it, or the flags not yet `used`.
  private static func flag(
    _ current: Token, after previous: Token?, among flags: [CompletionFlag], used: [Token]
  ) -> Kind {
    if let previous, let flag = flags.first(where: { $0.name == previous.text }),
      let values = flag.values
    {
      return .words(values)
    }
    let usedNames = Set(used.map(\.text))
    return .words(flags.map(\.name).filter { !usedNames.contains($0) })
  }

  /// What `.file` completes in `current`, the word after `previous`.
  private static func file(
    _ current: Token, after previous: Token?, flags: [CompletionFlag], atSign: Bool
  ) -> (Kind, String, Int) {
    let text = current.text
    let whole = current.range.count
    if let previous, let flag = flags.first(where: { $0.name == previous.text }),
      let values = flag.values
    {
      return (.words(values), text, whole)
    }
    guard atSign else {
      return (text.hasPrefix("-") ? .flagsAndFiles(flags.map(\.name)) : .file, text, whole)
    }
    if text.hasPrefix("-") { return (.words(flags.map(\.name)), text, whole) }
    // After the `@`, which stays.
    guard text.hasPrefix("@") else { return (.nothing, text, whole) }
    return (.file, String(text.dropFirst()), whole - 1)
  }

  /// What could complete the typed text, best first; `forListing` when all of them are
  /// to be listed (a second TAB), else only as many as decide what a TAB inserts.
  func candidates(in session: Session, forListing: Bool) -> [String] {
    var session = session
    switch kind {
    case .commandWord:
      return Self.starting(with: typed, in: CommandRegistry.names)
    case .words(let words):
      return Self.starting(with: typed, in: words)
    case .nothing:
      return []
    case .file:
      return FileNameCompletion.candidates(for: typed)
    case .flagsAndFiles(let flags):
      return Self.starting(with: typed, in: flags) + FileNameCompletion.candidates(for: typed)
    case .value(let source), .wordFrom(let source):
      return values(from: source, in: &session, forListing: forListing)
    case .wordsAndWordFrom(let words, let source):
      // A flag (`model delete --all`) once a dash is typed: before, the names alone,
      // whose shared start TAB can then complete.
      let offered = typed.hasPrefix("-") ? words : words.filter { !$0.hasPrefix("-") }
      return Self.starting(with: typed, in: offered)
        + values(from: source, in: &session, forListing: forListing)
    }
  }

  private func values(from source: ValueSource, in session: inout Session, forListing: Bool)
    -> [String]
  {
    switch source {
    case .filterValues(let field):
      let values = (try? session.visitCurrent(FilterValues(field: field))) ?? []
      let matches = Self.matching(typed, in: values)
      // The data's sectors: another of Kiva's would show no loan. Kiva's own only when
      // none of the data's fits what was typed ('filter sector' takes them all).
      if field == .sector, matches.isEmpty {
        return Self.matching(typed, in: FilterCommand.kivaSectors)
      }
      return matches
    case .sortFields:
      return Self.starting(with: typed, in: session.current.sortFields.map(\.rawValue) + ["clear"])
    case .filterFieldNames:
      let fields = session.current.filterFields.filter { $0 != .amount }
      return Self.starting(with: typed, in: fields.map(\.rawValue))
    case .searchSuggestions:
      return (try? session.visitCurrent(SearchSuggestions(prefix: typed))) ?? []
    case .favoriteRowNumbers where !CollectionKind.withFavorites.contains(session.current):
      return []
    case .rowNumbers, .favoriteRowNumbers:
      let count = (try? session.visitCurrent(RowCount())) ?? 0
      return RowNumberCompletion.candidates(
        for: typed, count: count, limit: forListing ? .max : 2)
    case .commandNames:
      return Self.starting(with: typed, in: CommandRegistry.names)
    case .collections:
      return Self.starting(with: typed, in: CollectionKind.names)
    case .modelNames:
      return Self.starting(with: typed, in: session.models.names + BuiltInModels.swiftTypeNames)
    case .labModelNames:
      return Self.starting(with: typed, in: session.models.names)
    case .userModelNames:
      let builtIn = BuiltInModels.names
      return Self.starting(with: typed, in: session.models.names.filter { !builtIn.contains($0) })
    case .categoryNames:
      return Self.matching(typed, in: session.categories.records.map(\.name))
    }
  }

  /// Values that start with the prefix, then values with a later word that does.
  private static func matching(_ prefix: String, in values: [String]) -> [String] {
    let folded = prefix.folded
    let leading = values.filter { $0.folded.hasPrefix(folded) }
    let inner = values.filter { value in
      !value.folded.hasPrefix(folded)
        && value.folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
          .contains { $0.hasPrefix(folded) }
    }
    return leading + inner
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

private struct FilterValues: CollectionVisitor {
  let field: RecordField

  func visit<Record: CollectionRecord>(_ collection: inout RecordCollection<Record>) -> [String] {
    collection.filterValues[field] ?? []
  }
}

private struct SearchSuggestions: CollectionVisitor {
  let prefix: String

  func visit<Record: CollectionRecord>(_ collection: inout RecordCollection<Record>) -> [String] {
    collection.suggestions(prefix: prefix, limit: 50).all
  }
}

private struct RowCount: CollectionVisitor {
  func visit<Record: CollectionRecord>(_ collection: inout RecordCollection<Record>) -> Int {
    collection.lastListedIDs?.count ?? collection.viewCount
  }
}
