/// Everything that can go wrong with a command, as data. The wording lives in one
/// place, `ShellError.Kind.message`, so that messages stay consistent and testable.
public struct ShellError: Error, Equatable, Sendable {
  /// What went wrong.
  public var kind: Kind
  /// The columns of the offending input in its line, when known (for the caret).
  public var span: Range<Int>?
  /// Lines that explain the error further (printed indented under it): where in the
  /// JSON, what was there, the usual fix.
  public var notes: [String] = []

  /// Creates an error, optionally pointing at the offending columns, with notes.
  public init(_ kind: Kind, at span: Range<Int>? = nil, notes: [String] = []) {
    self.kind = kind
    self.span = span
    self.notes = notes
  }

  /// Creates an error pointing at a token.
  public init(_ kind: Kind, at token: Token) {
    self.init(kind, at: token.range)
  }

  /// The one-line message, without the `error: ` prefix.
  public var message: String { kind.message }

  /// Whether Ctrl-C (or SIGINT) stopped the command, in it or in a script it sourced.
  var isInterruption: Bool {
    switch kind {
    case .interrupted, .fetchCancelled: true
    case .scriptFailed(_, _, let inner): inner.error.isInterruption
    default: false
    }
  }

  /// Whether this is a script's failure that its message already places at `path:line`:
  /// a script that sourced itself, whose outer line need not be said twice.
  func isScriptFailure(at path: String, line: Int) -> Bool {
    guard case .scriptFailed(let failedPath, let failedLine, _) = kind, failedLine == line
    else { return false }
    return failedPath == path || LocalFile.isSameFile(failedPath, path)
  }

  /// The kinds of error, each with the input it quotes.
  public enum Kind: Equatable, Sendable {
    case unknownCommand(String, suggestion: String?)
    case unknownSubcommand(command: String, got: String, choices: [String], suggestion: String?)
    case missingArgument(command: String, what: String, example: String)
    case notANumber(command: String, what: String, got: String)
    /// An amount with cents where whole dollars go; `whole` is the amount rounded up.
    case centsInAmount(command: String, got: String, whole: Int)
    case numberTooSmall(command: String, what: String, got: String, minimum: Int)
    case numberTooLarge(command: String, what: String, got: String, maximum: Int)
    case unexpectedArgument(command: String, got: String, usage: String)
    /// A flag typed after the JSON it should come before: `decode M {…} --trace`.
    case flagAfterJSON(flag: String, example: String)
    case noSuchRow(String, rowCount: Int, listed: Bool)
    /// A row of the last list whose record has been deleted since, or (`afterLoad`) is not
    /// in the data loaded since.
    case rowNoLongerThere(Int, afterLoad: Bool)
    case unterminatedQuote(Character, text: String)
    case unterminatedBlock(Character)
    /// A `[` closed by `}`, or a `{` by `]`.
    case mismatchedBracket(open: Character, close: Character)
    case unknownValue(noun: String, field: String, got: String, suggestion: String?)
    case notApplicable(command: String, appliesTo: [String], collection: String, missing: String)
    case saveFailed(String)
    case notAnHTTPURL(String)
    /// A backslash at the end of a line, where a shell would join the next line.
    case backslashEndsLine
    /// A line of Swift typed as a command (its first word, `struct`).
    case swiftCode(String)
    /// `fetch --live` with a `KIVASH_API` that is no http or https URL.
    case refusedAPI(String)
    case conflictingFlags(String, String, hint: String)
    case needsNetworkSource(String)
    case fetchFailed(String)
    /// Ctrl-C stopped a fetch over HTTP; the loans stay as they were.
    case fetchCancelled
    /// `paged`: the loans came from a server, page by page, where an empty page is one
    /// past the last.
    case noLoans(source: String, paged: Bool)
    case decodingFailed(String)
    case modelDefinition(String)
    case unknownModel(String, suggestion: String?)
    case notALabModel(String, purpose: String)
    /// A step past the last lesson, as typed (`7`, `99999999999999999999`).
    case noSuchLesson(String, count: Int)
    /// An empty name; `example` shows the command as it should be written.
    case emptyCategoryName(example: String)
    case controlCharactersInName(String)
    case notAnIconName(String)
    case duplicateCategory(String, existing: String)
    /// A category name of more than `limit` characters.
    case categoryNameTooLong(String, limit: Int)
    case unknownCategory(String, suggestion: String?)
    case unknownCollection(String, available: [String], suggestion: String?)
    case unknownHelpTopic(String, suggestion: String?)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case invalidJSON(source: String, line: Int, column: Int, reason: String)
    /// A file name typed where JSON goes (`decode M newest.json`), without its `@`.
    case fileNameAsJSON(String)
    case notALoansResponse(source: String, problem: String)
    /// Data fetched in landmarks or restaurants (`noun` in the plural) that is neither an
    /// array of them nor loans.
    case neitherRecordsNorLoans(source: String, noun: String, problem: String)
    case noLoansDecoded(source: String, firstProblem: String)
    /// A file of landmarks or restaurants (`noun` in the plural) holding none.
    case noRecords(noun: String, source: String)
    /// A file of landmarks or restaurants (`noun`) none of which could be decoded.
    case noRecordsDecoded(noun: String, source: String, firstProblem: String)
    case unreadableData(source: String, reason: String)
    case sourceNestedTooDeep(path: String, limit: Int)
    case scriptFailed(path: String, line: Int, ShellErrorBox)
    /// A script run with `--keep-going` went on past `count` failed lines, each reported.
    case scriptHadFailures(path: String, count: Int)
    /// A line with bytes that are not UTF-8: `byte` at `column` (from 1) of `text`, where
    /// `text` shows bytes that are not text as `\xFF`.
    case notUTF8(text: String, column: Int, byte: UInt8)
    /// The same, typed at the terminal.
    case notUTF8Typed(text: String, column: Int, byte: UInt8)
    /// A line holding a NUL byte at `column` (from 1); `text` shows it as `\0`.
    case nulByte(text: String, column: Int)
    /// A line holding a control character (`code`) at `column` (from 1); `text` shows it
    /// escaped.
    case controlCharacter(text: String, column: Int, code: UInt32)
    /// A file given as a script that holds NUL bytes: a program or data, not text.
    case binaryScript(path: String)
    /// A file larger than kivash reads at once, refused before reading (`size` nil: a device
    /// or pipe, stopped at the limit); `hint` says what to do instead.
    case fileTooLarge(path: String, size: Int?, limit: Int, hint: String)
    /// Ctrl-C (SIGINT) or SIGTERM stopped the command; nothing it did was kept.
    case interrupted
  }
}

/// Lets an error carry the error it wraps (a failure inside a sourced file).
public final class ShellErrorBox: Equatable, Sendable {
  /// The wrapped error.
  public let error: ShellError

  init(_ error: ShellError) {
    self.error = error
  }

  public static func == (lhs: ShellErrorBox, rhs: ShellErrorBox) -> Bool {
    lhs.error == rhs.error
  }
}
