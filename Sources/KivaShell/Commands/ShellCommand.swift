import Foundation

/// A command of the shell: parsed from its words into a typed value, then run
/// against the session. Each command is its own small type with its own spec.
public protocol ShellCommand: Sendable {
  /// Names, help text and completion of the command.
  static var spec: CommandSpec { get }
  /// Parses the words after the command word.
  init(parsing arguments: Arguments) throws(ShellError)
  /// Applies the command to `session`, printing through `context.output`.
  func run(in session: inout Session, context: CommandContext) throws(ShellError)
  /// Whether the changes made before a failure stay (a script's earlier lines do);
  /// otherwise a failed command leaves the session as it was.
  static var keepsChangesOnFailure: Bool { get }
  /// Whether the command saves what the user made (favourites, searches, models,
  /// categories) as it runs: one that does is not undone by a Ctrl-C that came while it
  /// ran, as what it saved would then disagree with the session.
  static var savesUserData: Bool { get }
}

extension ShellCommand {
  public static var keepsChangesOnFailure: Bool { false }
  public static var savesUserData: Bool { false }
}

/// What a running command may use besides the session.
public struct CommandContext {
  /// Where to print.
  public let output: Output
  /// Where favourites, categories, searches and models are saved.
  public let store: UserDataStore
  /// The history of entered lines, oldest first.
  public let historyEntries: () -> [String]
  /// The file history is kept in; nil when history is off (`KIVASH_HISTORY=`).
  public let historyFile: URL?
  /// Runs the script at a path in the same session (`source FILE`).
  public let runScript: (String, inout Session) throws(ShellError) -> Void
  /// Whether Ctrl-C was pressed since the command started (long commands poll it).
  public let isInterrupted: @Sendable () -> Bool
  /// Where HTTP responses are cached (nil: no cache, as with --no-persist).
  public let cacheDirectory: URL?
  /// The files the run keeps its data in, which commands must not write over.
  public let protectedFiles: ProtectedFiles
  /// In a script, the script's line the character at an offset of the command's text
  /// stands on (a `Token`'s range counts in that text), so that a command can say where
  /// in the file its own mistakes are (a JSON block's line); nil at the prompt and for
  /// `-c`, whose lines are the command's own.
  public let scriptLine: ((Int) -> Int)?
  /// Whether the line was typed at the prompt after a space, which keeps it out of
  /// history (as `HISTCONTROL=ignorespace` does): its searches are not remembered either.
  public let leavesNoTrace: Bool

  /// Creates a context.
  public init(
    output: Output,
    store: UserDataStore = MemoryUserDataStore(),
    historyEntries: @escaping () -> [String] = { [] }, historyFile: URL? = nil,
    runScript: @escaping (String, inout Session) throws(ShellError) -> Void = { _, _ in },
    isInterrupted: @escaping @Sendable () -> Bool = { false },
    cacheDirectory: URL? = nil, protectedFiles: ProtectedFiles = ProtectedFiles(),
    scriptLine: ((Int) -> Int)? = nil, leavesNoTrace: Bool = false
  ) {
    self.output = output
    self.store = store
    self.historyEntries = historyEntries
    self.historyFile = historyFile
    self.runScript = runScript
    self.isInterrupted = isInterrupted
    self.cacheDirectory = cacheDirectory
    self.protectedFiles = protectedFiles
    self.scriptLine = scriptLine
    self.leavesNoTrace = leavesNoTrace
  }
}
