import Foundation

/// The read-eval-print loop: reads lines, runs their commands against the session,
/// and renders results and errors. Interactive sessions and scripts share it.
public final class Shell {
  /// How the loop behaves.
  public struct Options: Sendable {
    /// A person at a terminal: errors do not stop the loop; carets point at bad input.
    public var interactive = false
    /// Print each line read (after the prompt) before its output.
    public var echo = false
    /// With `echo`, print the commands of a line one by one, each before its output
    /// (`--echo`); transcripts keep the line as typed.
    public var echoesEachCommand = false
    /// In a script, go on after a failed command (the exit status still says it failed).
    public var keepGoing = false
    /// How scripts name their lines in errors (`demo.kiva`); nil for none.
    public var sourceName: String?

    /// Creates options.
    public init(
      interactive: Bool = false, echo: Bool = false, echoesEachCommand: Bool = false,
      keepGoing: Bool = false, sourceName: String? = nil
    ) {
      self.interactive = interactive
      self.echo = echo
      self.echoesEachCommand = echoesEachCommand
      self.keepGoing = keepGoing
      self.sourceName = sourceName
    }
  }

  /// The longest chain of `source` commands.
  public static let maxSourceDepth = 16

  /// The session the commands work on.
  public private(set) var session: Session
  /// Where the output goes.
  public let output: Output
  /// How the loop behaves.
  public var options: Options
  /// The entered lines, for the `history` command.
  public var historyEntries: () -> [String] = { [] }
  /// The file history is kept in; nil when history is off.
  public var historyFile: URL?
  /// Where favourites, categories, searches and models are saved.
  public let store: UserDataStore
  /// Whether Ctrl-C was pressed (at a terminal); long commands poll it to stop early.
  public var isInterrupted: @Sendable () -> Bool = { false }
  /// A warning to show once something went wrong outside a command (the history file
  /// could not be written); asked after every command is read and kept in history.
  public var pendingWarning: () -> String? = { nil }
  /// The signal (SIGINT, SIGTERM) that must stop a script, once one arrived; the loop then
  /// ends between commands with status 128 + its number.
  public var stoppingSignal: () -> Int32? = { nil }
  /// Where HTTP responses are cached (nil: nowhere).
  public var cacheDirectory: URL?
  /// The files the run keeps its data in (see `ProtectedFiles`).
  public var protectedFiles = ProtectedFiles()
  /// Whether the line being read goes on a block an earlier line opened (the `...>`
  /// prompt), for TAB, which then completes nothing.
  public internal(set) var readsContinuation = false
  /// How many `source` scripts are running, one inside the other.
  var sourceDepth = 0
  /// Reports a failure of a line of the command being run, as the line reading it
  /// reports its own: set while a line runs, for a `source` that goes past its errors.
  var reportFailure: ((ShellError) -> Void)?
  /// While a command of a script runs: the script's line a character of the command text
  /// stands on (see `CommandContext.scriptLine`); nil at the prompt and for `-c`.
  var scriptLine: ((Int) -> Int)?
  /// Whether the line being run was typed at the prompt after a space (see
  /// `CommandContext.leavesNoTrace`).
  private var lineLeavesNoTrace = false
  /// Whether the command running is the first of its line: a caret under a later one
  /// would stand under what the commands before it printed, not under the line.
  private var commandIsFirstOnLine = true
  /// Whether a command failed since `run` began: set where each failure is reported, so
  /// that one reported inside a `source` counts even when the script then quits.
  private var hasFailed = false
  private var seenStamp: Int64?
  private var refreshFailed = false

  /// Creates a shell over `session`, saving what the user marks or creates in `store`.
  public init(
    session: Session, output: Output, options: Options = Options(),
    store: UserDataStore = MemoryUserDataStore()
  ) {
    self.session = session
    self.output = output
    self.options = options
    self.store = store
    refreshFromStore()
  }

  /// Takes in what this or another shell saved since the last look: a cheap check
  /// of the store's change stamp, and a re-read only when it moved.
  private func refreshFromStore() {
    do {
      let stamp = try store.changeStamp()
      guard stamp != seenStamp else { return }
      try session.refresh(from: store)
      seenStamp = stamp
      refreshFailed = false
    } catch {
      if !refreshFailed { output.warning("cannot read saved data: \(error.message)") }
      refreshFailed = true
    }
  }

  /// Reads and runs lines until end of input or `quit`; returns the exit status: for a
  /// script, 0 when every command succeeded and 1 when one failed; at the prompt, 0 (the
  /// errors were seen as they happened).
  public func run(reader: LineReader) -> Int32 {
    hasFailed = false
    var lineNumber = 0
    while !session.wantsToQuit {
      if let signal = stoppingSignal() {
        output.flush()
        return StoppingSignal.exitStatus(signal)
      }
      let prompt = session.prompt
      switch reader.readLine(prompt: prompt) {
      case .endOfInput:
        output.flush()
        // A signal that stops a script also ends a read from a pipe: not a clean end.
        if let signal = stoppingSignal() { return StoppingSignal.exitStatus(signal) }
        return exitStatus
      case .interrupted:
        continue
      case .rejected(let error):
        lineNumber += 1
        // Not in a transcript: the line that was not text is not in it either.
        report(error, line: lineNumber, promptWidth: DisplayWidth.of(prompt), recorded: false)
        output.flush()
        if !goesOnAfterFailure { return exitStatus }
      case .line(let first):
        lineNumber += 1
        // The window may have been resized while the line was typed.
        output.followTerminal()
        refreshFromStore()
        let startLine = lineNumber
        let line: String
        let echoesEach: Bool
        switch continued(first, reader: reader, lineNumber: &lineNumber) {
        case .complete(let text, let echoed):
          echoesEach = echoesEachCommand(of: text, continued: !echoed.isEmpty)
          if !echoesEach {
            for shown in [prompt + first] + echoed { echo(shown) }
          }
          reader.recordInHistory(text)
          // Asked once the line is in history: a history file that cannot take it is
          // said at this command, not the next.
          if let warning = pendingWarning() { output.warning(warning) }
          line = text
        case .cancelled:
          // Ctrl-C at the `...>` prompt drops the whole command, as at the first line.
          continue
        case .rejected(let error, let echoed):
          if options.echo { for shown in [prompt + first] + echoed { echo(shown) } }
          report(
            error, line: lineNumber, promptWidth: Self.continuationPrompt.count, recorded: false)
          output.flush()
          if !goesOnAfterFailure { return exitStatus }
          continue
        }
        // At the prompt and with --keep-going, a failed command does not stop the
        // ones after it on the line, as ';' in a shell; in a script it stops everything.
        // A command's own mistakes (a JSON block's line) are said at the script's lines.
        if options.sourceName != nil {
          scriptLine = { [line] offset in Self.line(at: offset, in: line, startLine: startLine) }
        }
        defer { scriptLine = nil }
        lineLeavesNoTrace = options.interactive && CommandHistory.leavesNoTrace(line)
        defer { lineLeavesNoTrace = false }
        if !options.interactive, let sourceName = options.sourceName {
          output.warningPlace = "\(sourceName):\(startLine)"
        }
        defer { output.warningPlace = nil }
        let failures = execute(
          line: line, stoppingAtFirstError: !goesOnAfterFailure, echoingEach: echoesEach
        ) { error in
          self.report(
            error, line: Self.line(of: error, in: line, startLine: startLine),
            promptWidth: DisplayWidth.of(prompt), firstLine: first)
        }
        output.flush()
        if let signal = stoppingSignal() { return StoppingSignal.exitStatus(signal) }
        if failures > 0 && !goesOnAfterFailure { return exitStatus }
      }
    }
    output.flush()
    return exitStatus
  }

  /// Whether the loop reads on after a failed command: at the prompt and with --keep-going.
  private var goesOnAfterFailure: Bool { options.interactive || options.keepGoing }

  /// The status `run` returns: 1 once a script's command failed, wherever it was reported
  /// (a sourced script's included); at the prompt 0 (the errors were seen as they happened).
  private var exitStatus: Int32 { hasFailed && !options.interactive ? 1 : 0 }

  /// Called with each line read, after its prompt, when the line is not echoed
  /// (`kivash --record` keeps them).
  public var unechoedLine: ((String) -> Void)?

  /// Runs what `reader` reads as a script named `name`, quietly and past errors (the
  /// init script), then carries on as before: a `quit` in it does not end the session.
  func runQuietly(_ reader: LineReader, named name: String) {
    let saved = options
    options = Options(interactive: false, echo: false, keepGoing: true, sourceName: name)
    let failedBefore = hasFailed
    output.quiet = true
    _ = run(reader: reader)
    output.quiet = false
    options = saved
    // Its failures were its own: they do not fail the session it ran in.
    hasFailed = failedBefore
    session.wantsToQuit = false
  }

  /// Chooses the decoder that reads loans, as `set decoder` does: the command line's,
  /// over what the init script set.
  func useDecoder(_ decoder: Settings.Decoder) {
    session.settings.decoder = decoder
  }

  /// Runs every command of `line`; stops at the first that fails, whose changes are undone.
  public func execute(line: String) throws(ShellError) {
    refreshFromStore()
    try execute(line: line, session: &session)
  }

  /// Runs the commands of `line`, reporting each failure as it happens (so that errors
  /// and output stay in order); returns how many failed. With `echoingEach`, each command
  /// is shown before it runs, after the prompt of that moment.
  private func execute(
    line: String, stoppingAtFirstError: Bool, echoingEach: Bool = false,
    report: @escaping (ShellError) -> Void
  ) -> Int {
    let commands: [[Token]]
    do {
      commands = try Tokenizer.commands(in: line)
    } catch {
      report(error)
      return 1
    }
    var failures = 0
    let outerReport = reportFailure
    reportFailure = report
    defer { reportFailure = outerReport }
    defer { commandIsFirstOnLine = true }
    for (index, words) in commands.enumerated()
    where !session.wantsToQuit && stoppingSignal() == nil {
      commandIsFirstOnLine = index == 0
      if echoingEach { output.echo(session.prompt + Self.text(of: words, in: line)) }
      do throws(ShellError) {
        try run(words, session: &session)
      } catch {
        failures += 1
        report(error)
        // Ctrl-C abandons the whole line, as in a shell, not just the command it stopped.
        if stoppingAtFirstError || error.isInterruption { break }
      }
    }
    return failures
  }

  func execute(line: String, session: inout Session) throws(ShellError) {
    for words in try Tokenizer.commands(in: line) {
      try run(words, session: &session)
      if session.wantsToQuit { return }
    }
  }

  /// Parses and runs one command on a copy of `session`, kept only if it succeeds; what
  /// it printed goes out when it ends (a slow script or `a; b; c` shows each as it ends).
  private func run(_ words: [Token], session: inout Session) throws(ShellError) {
    defer { output.flush() }
    let command = try CommandParser.parse(words)
    var working = session
    do throws(ShellError) {
      if type(of: command).spec.pagesOutput {
        try output.paging { () throws(ShellError) in
          try command.run(in: &working, context: context)
        }
      } else {
        try command.run(in: &working, context: context)
      }
      // Ctrl-C pressed at the prompt's command while it ran and did not stop for it
      // (`map`, `stats` at a million loans): it is cancelled all the same, its output and
      // changes dropped. (A script stops before its next command, as documented.)
      if options.interactive, !type(of: command).savesUserData, isInterrupted() {
        throw ShellError(.interrupted)
      }
    } catch {
      // What a command stopped by Ctrl-C had not written yet is not shown after the ^C;
      // the rows a list had begun to show are what their numbers mean now.
      if error.isInterruption {
        output.discardPending()
        session.keepRowNumbers(of: working)
      }
      if type(of: command).keepsChangesOnFailure { session = working }
      throw error
    }
    session = working
  }

  private var context: CommandContext {
    CommandContext(
      output: output, store: store, historyEntries: historyEntries, historyFile: historyFile,
      runScript: { [unowned self] path, session throws(ShellError) in
        try self.source(path, into: &session)
      },
      isInterrupted: isInterrupted, cacheDirectory: cacheDirectory,
      protectedFiles: protectedFiles, scriptLine: scriptLine, leavesNoTrace: lineLeavesNoTrace)
  }

  /// Renders an error: in a terminal with a caret under the offending columns, in a
  /// script with the script's name and line.
  /// Reports `error` of the command on `line`; `recorded: false` keeps it out of a
  /// transcript (`--record`) whose command it could not replay.
  /// The caret goes under the error's place only when that is on the first line (of
  /// `firstLine`): a block's later lines went under another prompt.
  private func report(
    _ error: ShellError, line: Int, promptWidth: Int, recorded: Bool = true,
    firstLine: String? = nil
  ) {
    hasFailed = true
    // The terminal echoed ^C where the cursor was: the error starts a line of its own.
    if options.interactive, error.isInterruption { output.diagnostic("", recorded: false) }
    if options.interactive, commandIsFirstOnLine, let span = error.span {
      // Columns, not characters: a wide character (東, 😀) takes two.
      let characters = firstLine.map(Array.init)
      if let characters, span.upperBound > characters.count {
        // The error is on a later line of the block: no caret.
      } else {
        let lead = characters.map { DisplayWidth.of(String($0[..<span.lowerBound])) }
        let width = characters.map { DisplayWidth.of(String($0[span])) }
        let caret = "^" + String(repeating: "~", count: max(0, (width ?? span.count) - 1))
        let indent = promptWidth + (lead ?? span.lowerBound)
        // A line that wrapped on the screen would need the caret on another row.
        if indent + caret.count <= output.width {
          output.diagnostic(String(repeating: " ", count: indent) + output.paint(caret, .green))
        }
      }
    }
    if !options.interactive, let sourceName = options.sourceName,
      !error.isScriptFailure(at: sourceName, line: line)
    {
      output.error("\(sourceName):\(line): \(error.message)", recorded: recorded)
    } else {
      output.error(error.message, recorded: recorded)
    }
    for note in error.notes {
      output.diagnostic("  " + note)
    }
  }
}
