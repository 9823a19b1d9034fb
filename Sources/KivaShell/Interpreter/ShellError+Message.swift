extension ShellError.Kind {
  /// The message shown after `error: `, quoting the offending input.
  public var message: String {
    switch self {
    case .unknownCommand(let word, let suggestion):
      return "unknown command '\(Self.clipped(word))'"
        + hint(suggestion, otherwise: " — type 'help' for a list")
    case .unknownSubcommand(let command, let got, let choices, let suggestion):
      let list = choices.joined(separator: ", ")
      return "'\(command)' has no '\(Self.clipped(got))'"
        + hint(suggestion, otherwise: " — try one of: \(list)")
    case .missingArgument(let command, let what, let example):
      return "'\(command)' needs \(what) — e.g. '\(example)'"
    case .notANumber(let command, let what, let got):
      return "'\(command)' needs \(what), got '\(Self.clipped(got))'"
    case .centsInAmount(let command, let got, let whole):
      return "'\(command)' takes whole dollars, got '\(Self.clipped(got))' — e.g. "
        + "'\(command) \(whole)'"
    case .numberTooSmall(let command, let what, let got, let minimum):
      return "'\(command)' needs \(what) of at least \(minimum), got '\(Self.clipped(got))'"
    case .numberTooLarge(let command, let what, let got, let maximum):
      return "'\(command)' needs \(what) of at most \(maximum), got '\(Self.clipped(got))'"
    case .unexpectedArgument(let command, let got, let usage):
      return "'\(command)' does not take '\(Self.clipped(got))' — usage: \(usage)"
    case .flagAfterJSON(let flag, let example):
      return "'\(Self.clipped(flag))' goes before the JSON: \(example)"
    case .noSuchRow(let typed, let rowCount, let listed):
      let row = Self.clipped(typed)
      let rows = rowCount == 1 ? "1 row" : "\(rowCount) rows"
      if !listed { return "no row \(row) — nothing listed yet, and the view has \(rows)" }
      if rowCount == 0 { return "no row \(row) — the last list was empty" }
      return "no row \(row) — the last list had \(rows)"
    case .rowNoLongerThere(let row, let afterLoad):
      let why =
        afterLoad ? "not in the data fetched since the last list" : "deleted after the last list"
      return "row \(row) is no longer there: it was \(why) — 'list' shows the rows now"
    case .unterminatedQuote(let quote, let text):
      let apostrophe = quote == "'" ? ", or put text with an apostrophe in \"…\"" : ""
      return
        "unterminated \(quote) quote in \(Self.clipped(text)) — add the closing \(quote)"
        + apostrophe
    case .unterminatedBlock(let bracket):
      let closing = bracket == "{" ? "}" : "]"
      return "'\(bracket)' is never closed — add the matching '\(closing)'"
    case .mismatchedBracket(let open, let close):
      let closing = open == "{" ? "}" : "]"
      return "'\(open)' is closed by '\(close)' — close it with '\(closing)'"
    case .unknownValue(let noun, let field, let got, let suggestion):
      return "no \(noun) with \(field) '\(Self.clipped(got))'" + hint(suggestion, otherwise: "")
    case .notApplicable(let command, let appliesTo, let collection, let missing):
      return "'\(command)' applies to \(Self.list(appliesTo)) — \(collection) have no \(missing)"
    case .saveFailed(let reason):
      return "not saved: \(reason)"
    case .conflictingFlags(let first, let second, let hint):
      return "'\(first)' and '\(second)' cannot go together — \(hint)"
    case .needsNetworkSource(let flag):
      return "'\(flag)' applies to fetching over HTTP — give a URL or --live"
    case .fetchFailed(let message):
      return message
    case .fetchCancelled:
      return FetchError.cancelled.message
    case .noLoans(let source, let paged):
      return "\(source) holds no loans" + (paged ? " — past the last page?" : "")
    case .swiftCode(let word):
      return "'\(Self.clipped(word))' starts Swift code, which kivash does not run — the lab "
        + "takes a model as 'model NAME { name: String; amount: Int = loan_amount }' "
        + "('help model'), and 'codegen NAME' prints its Swift"
    case .backslashEndsLine:
      return "a '\\' at the end of the line escapes nothing — a command goes on one line "
        + "(only an open '{' or '[' block goes on to the next); write '\\\\' for a backslash"
    case .refusedAPI(let text):
      let example = text.contains("://") ? "" : " (KIVASH_API=http://\(Self.clipped(text))?)"
      return "KIVASH_API='\(Self.clipped(text))' is not an http or https URL — fix it\(example), "
        + "or 'set api URL' ('set api default' for Kiva's)"
    case .notAnHTTPURL(let text):
      return
        "'\(Self.clipped(text))' is not an http or https URL — e.g. 'https://api.kivaws.org/v1/loans/newest.json'"
    case .decodingFailed(let summary):
      return summary
    case .modelDefinition(let message):
      return message
    case .unknownModel(let name, let suggestion):
      return "no model '\(Self.clipped(name))'"
        + hint(suggestion, otherwise: " — 'models' lists them")
    case .notALabModel(let name, let purpose):
      return "'\(name)' is a Swift type compiled into kivash; \(purpose) works on lab models "
        + "— try 'NestedLoan' or define one with 'model'"
    case .noSuchLesson(let step, let count):
      return "no lesson \(Self.clipped(step)) — there are \(count); 'lesson' lists them"
    case .emptyCategoryName(let example):
      return "a category needs a name — e.g. '\(example)'"
    case .controlCharactersInName(let name):
      return "category names cannot hold control characters, got "
        + Self.clipped(Self.escaped(name))
    case .notAnIconName(let icon):
      return "'\(Self.clipped(icon))' is not an SF Symbol name — lowercase words joined by dots, "
        + "e.g. 'fork.knife'"
    case .categoryNameTooLong(let name, let limit):
      return "a category name has at most \(limit) characters; '\(Self.clipped(name))' has "
        + "\(name.count)"
    case .duplicateCategory(let name, let existing):
      return StoreError.duplicate(name, existing: existing)
    case .unknownCategory(let name, let suggestion):
      return "no category '\(Self.clipped(name))'"
        + hint(suggestion, otherwise: " — 'use categories; list' shows them")
    case .unknownCollection(let name, let available, let suggestion):
      return "no collection '\(Self.clipped(name))'"
        + hint(suggestion, otherwise: " — available: \(available.joined(separator: ", "))")
    case .unknownHelpTopic(let topic, let suggestion):
      return "no help for '\(Self.clipped(topic))'"
        + hint(suggestion, otherwise: " — type 'help' for a list")
    case .cannotRead(let path, let reason):
      return "cannot read '\(path)': \(reason)"
    case .cannotWrite(let path, let reason):
      return "cannot write '\(path)': \(reason)"
    case .fileNameAsJSON(let name):
      return "'\(Self.clipped(name))' is not JSON — to read the file, write @\(name)"
    case .invalidJSON(let source, let line, let column, let reason):
      return "\(source) is not valid JSON: line \(line), column \(column): \(reason)"
    case .notALoansResponse(let source, let problem):
      return "\(source) is not a Kiva loans response (\(problem))"
    case .neitherRecordsNorLoans(let source, let noun, let problem):
      return "\(source) is neither a JSON array of \(noun) nor a Kiva loans response (\(problem))"
    case .noLoansDecoded(let source, let firstProblem):
      return "no loan in \(source) could be decoded (first: \(firstProblem))"
    case .noRecords(let noun, let source):
      return "\(source) holds no \(noun)"
    case .noRecordsDecoded(let noun, let source, let firstProblem):
      return "no \(noun) in \(source) could be decoded (first: \(firstProblem))"
    case .unreadableData(let source, let reason):
      return "cannot decode \(source): \(reason)"
    case .sourceNestedTooDeep(let path, let limit):
      return "'source \(path)' nests more than \(limit) scripts deep — does a script source "
        + "itself, or one that sources it?"
    case .scriptFailed(let path, let line, let inner):
      return "\(path):\(line): \(inner.error.message)"
    case .scriptHadFailures(let path, let count):
      return "\(count == 1 ? "1 line" : "\(count) lines") of '\(path)' failed (reported above)"
    case .notUTF8(let text, let column, let byte):
      return "'\(Self.clipped(text))' is not UTF-8 text (byte 0x\(Self.hex(byte)) at column "
        + "\(column)) — save it as UTF-8"
    case .notUTF8Typed(let text, let column, let byte):
      return "'\(Self.clipped(text))' is not UTF-8 text (byte 0x\(Self.hex(byte)) at column "
        + "\(column)) — is the terminal set to UTF-8?"
    case .controlCharacter(let text, let column, let code):
      let name = code == 0x1B ? " (ESC, from a terminal's escape code?)" : ""
      return "'\(Self.clipped(text))' holds a control character\(name) at column \(column) — "
        + "commands are plain text"
    case .nulByte(let text, let column):
      return "'\(Self.clipped(text))' holds a NUL byte (column \(column)) — commands are text"
    case .binaryScript(let path):
      return "'\(path)' is a binary file (it holds NUL bytes), not a kivash script"
    case .fileTooLarge(let path, let size, let limit, let hint):
      let most = limit % (1 << 30) == 0 ? "\(limit >> 30) GB" : HTTPText.byteCount(limit)
      let what = size.map { "is \(HTTPText.grouped(Int64($0))) bytes," } ?? "holds"
      return "'\(path)' \(what) more than the \(most) kivash reads at once — \(hint)"
    case .interrupted:
      return "interrupted — nothing was changed"
    }
  }

  /// Input short enough to quote on one line: its first line, at most 40 characters.
  static func clipped(_ text: String) -> String {
    let firstLine = text.prefix { $0 != "\n" }
    let clipped = firstLine.count > 40 ? firstLine.prefix(39) + "…" : firstLine
    return clipped.count < text.count && !clipped.hasSuffix("…") ? clipped + "…" : String(clipped)
  }

  /// `FF` for 255.
  private static func hex(_ byte: UInt8) -> String {
    TextLine.hex(byte)
  }

  /// `loans`, `loans and landmarks`, `loans, landmarks and restaurants`.
  private static func list(_ words: [String]) -> String {
    guard let last = words.last else { return "nothing" }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " and " + last
  }

  /// A name in double quotes with control characters shown as escapes: "a\u{7}b".
  private static func escaped(_ text: String) -> String {
    "\""
      + text.unicodeScalars.map { scalar in
        scalar.properties.generalCategory == .control
          ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
      }.joined() + "\""
  }

  private func hint(_ suggestion: String?, otherwise: String) -> String {
    suggestion.map { " — did you mean '\($0)'?" } ?? otherwise
  }
}
