extension ShellError.Kind {
  /// The message shown after `error: `, quoting the offending input.
  public var message: String {
    switch self {
    case .unknownCommand(let word, let suggestion):
      return "unknown command '\(word)'" + hint(suggestion, otherwise: " — type 'help' for a list")
    case .unknownSubcommand(let command, let got, let choices, let suggestion):
      let list = choices.joined(separator: ", ")
      return "'\(command)' has no '\(got)'"
        + hint(suggestion, otherwise: " — try one of: \(list)")
    case .missingArgument(let command, let what, let example):
      return "'\(command)' needs \(what) — e.g. '\(example)'"
    case .notANumber(let command, let what, let got):
      return "'\(command)' needs \(what), got '\(got)'"
    case .numberTooSmall(let command, let what, let got, let minimum):
      return "'\(command)' needs \(what) of at least \(minimum), got '\(got)'"
    case .unexpectedArgument(let command, let got, let usage):
      return "'\(command)' does not take '\(got)' — usage: \(usage)"
    case .noSuchRow(let row, let rowCount, let listed):
      let rows = rowCount == 1 ? "1 row" : "\(rowCount) rows"
      if !listed { return "no row \(row) — nothing listed yet, and the view has \(rows)" }
      if rowCount == 0 { return "no row \(row) — the last list was empty" }
      return "no row \(row) — the last list had \(rows)"
    case .unterminatedQuote(let quote):
      return "unterminated \(quote) quote — add the closing \(quote)"
    case .unknownValue(let field, let got, let suggestion):
      return "no loans with \(field) '\(got)'" + hint(suggestion, otherwise: "")
    case .unknownCollection(let name, let available, let suggestion):
      return "no collection '\(name)'"
        + hint(suggestion, otherwise: " — available: \(available.joined(separator: ", "))")
    case .unknownHelpTopic(let topic, let suggestion):
      return "no help for '\(topic)'" + hint(suggestion, otherwise: " — type 'help' for a list")
    case .cannotRead(let path, let reason):
      return "cannot read '\(path)': \(reason)"
    case .invalidJSON(let source, let line, let column, let reason):
      return "\(source) is not valid JSON: line \(line), column \(column): \(reason)"
    case .notALoansResponse(let source, let problem):
      return "\(source) is not a Kiva loans response (\(problem))"
    case .noLoansDecoded(let source, let firstProblem):
      return "no loan in \(source) could be decoded (first: \(firstProblem))"
    case .unreadableData(let source, let reason):
      return "cannot decode \(source): \(reason)"
    case .sourceNestedTooDeep(let path, let limit):
      return "'source \(path)' nests more than \(limit) scripts deep — does it source itself?"
    case .scriptFailed(let path, let line, let inner):
      return "\(path):\(line): \(inner.error.message)"
    }
  }

  private func hint(_ suggestion: String?, otherwise: String) -> String {
    suggestion.map { " — did you mean '\($0)'?" } ?? otherwise
  }
}
