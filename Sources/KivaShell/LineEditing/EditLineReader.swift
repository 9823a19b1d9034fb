import CEditLineShim
import Glibc
import Synchronization

/// Reads command lines from the terminal with libedit's native (wide-character) API.
///
/// Emacs key bindings; Up and Down walk the history, ^R searches it; TAB asks the completer
/// and applies its edit; Ctrl-C discards the line and returns `.interrupted`; Ctrl-D on an
/// empty line returns `.endOfInput`. Every line read is offered to the `CommandHistory`,
/// and the lines it records are recalled with Up. `~/.editrc` (or `$EDITRC`) is read last,
/// so users can rebind keys. After every call the cursor is at the start of a fresh line.
///
/// While a reader exists, SIGINT only sets a flag (see `takePendingInterrupt()`) instead of
/// ending the process, and SIGPIPE is ignored.
public final class EditLineReader: LineReader {
  /// The signal that ended the session (SIGTERM, SIGHUP), once one did.
  static let terminated = Locked<Int32?>(nil)
  let editLine: OpaquePointer
  let libeditHistory: OpaquePointer
  let history: CommandHistory
  let completer: (CompletionRequest) -> CompletionEdit
  /// State of the character reader, reset for every line.
  var input = TerminalInput()
  /// The text before the cursor as the last TAB left it, to tell a repeated TAB.
  var textAfterLastCompletion: String?
  /// The prompt that libedit's prompt callback returns.
  var prompt = WideCString("")
  /// The columns the prompt takes on the screen.
  var promptWidth = 0
  /// Strings libedit keeps pointers to (names of added functions); freed after `el_end`.
  private var retainedStrings: [WideCString] = []

  /// Sets up libedit on the terminal; nil if stdin or stdout is not a terminal or libedit
  /// cannot be initialized.
  ///
  /// - Parameters:
  ///   - programName: The name `~/.editrc` lines may be prefixed with (`kivash:bind ...`).
  ///   - history: Loaded into libedit's history; lines read are recorded in it.
  ///   - completer: Asked for the edit to make when TAB is pressed.
  public init?(
    programName: String, history: CommandHistory,
    completer: @escaping (CompletionRequest) -> CompletionEdit
  ) {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    Self.prepareLocale()
    guard let editLine = kivash_el_init(programName) else { return nil }
    guard let libeditHistory = history_winit() else {
      el_end(editLine)
      return nil
    }
    guard kivash_signals_install() == 0 else {
      history_wend(libeditHistory)
      el_end(editLine)
      return nil
    }
    self.editLine = editLine
    self.libeditHistory = libeditHistory
    self.history = history
    self.completer = completer
    configure()
  }

  deinit {
    el_end(editLine)  // also puts the terminal back the way it was found
    history_wend(libeditHistory)
    kivash_signals_restore()
  }

  /// Shows `prompt` and reads a line, with editing, history and completion.
  public func readLine(prompt text: String) -> LineReadResult {
    prompt = WideCString(PromptText.markingEscapes(text))
    promptWidth = DisplayWidth.of(TranscriptRecorder.withoutColor(text))
    // Ctrl-C pressed while a command ran must not cancel the line not yet typed.
    kivash_signal_wakeup_drain()
    _ = kivash_take_sigint()
    input = TerminalInput()
    textAfterLastCompletion = nil

    // libedit prints the prompt before it switches the terminal to editing mode (its
    // FIONREAD check is compiled out on Linux); keys typed in between would be echoed by the
    // terminal and a Ctrl-D turned into a NUL. Switch first, so the prompt means "ready".
    kivash_el_prepare_terminal(editLine, 1)
    var count: Int32 = 0
    let line = el_wgets(editLine, &count)
    if input.interrupted {
      writeOutput("^C\n")
      return .interrupted
    }
    guard let line, count > 0 else {
      writeOutput("\n")
      return .endOfInput
    }
    var entered = String(wide: line, count: Int(count))
    if entered.hasSuffix("\n") { entered.removeLast() }
    if let error = TypedBytes.notUTF8(entered, invalid: input.invalidBytes)
      ?? TextLine.controlCharacter(in: entered)
    {
      return .rejected(error)
    }
    // Kept in history once the shell has the whole command (see `recordInHistory`).
    return .line(entered)
  }

  /// Keeps `command` in history; one that went over several lines as the one line that
  /// runs the same, so that up-arrow brings back all of it.
  public func recordInHistory(_ command: String) {
    // A command that starts with a space stays out, over however many lines it went.
    guard !CommandHistory.leavesNoTrace(command) else { return }
    let line = command.contains("\n") ? HistoryLine.joined(command) : command
    if let line { remember(line) }
  }

  /// Adds `line` to the history file and to libedit's list, unless the history skips it.
  private func remember(_ line: String) {
    if history.record(line) {
      _ = line.withWideCString { kivash_history_enter(libeditHistory, $0) }
    }
  }

  /// Returns whether Ctrl-C was pressed since the last call (or since the last line was
  /// read), and forgets it. Long-running commands may poll this to stop early.
  public static func takePendingInterrupt() -> Bool {
    kivash_take_sigint() != 0
  }

  /// Whether Ctrl-C was pressed since it was last taken, without taking it: for output
  /// that stops writing while the command that wrote it has yet to notice.
  public static var interruptIsPending: Bool {
    kivash_sigint_pending() != 0
  }

  /// The signal (SIGTERM, SIGHUP) that ended the session, the reader then having
  /// reported end of input; nil when none did.
  public static func takePendingTermination() -> Int32? {
    terminated.withLock { $0 }
  }

  /// Writes to stdout, the stream libedit draws on, and flushes it.
  func writeOutput(_ text: String) {
    let out = kivash_stdout()
    fputs(text, out)
    fflush(out)
  }

  /// Character handling follows the user's locale; libedit decodes and measures text with
  /// it. A plain "C" locale is upgraded to C.UTF-8, since kivash data is UTF-8 anyway, and
  /// numbers keep the "C" format whatever the locale.
  private static func prepareLocale() {
    setlocale(LC_ALL, "")
    setlocale(LC_NUMERIC, "C")
    let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
    let ctype = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
    if codeset != "UTF-8" && (ctype == "C" || ctype == "POSIX") {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }

  private func configure() {
    kivash_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    kivash_el_set_prompt(
      editLine, { editLine in EditLineReader.promptCallback(editLine) },
      PromptText.escapeMarker)
    _ = "emacs".withWideCString { kivash_el_set_editor(editLine, $0) }
    kivash_el_set_getc(editLine) { editLine, character in
      EditLineReader.getcCallback(editLine, character)
    }

    kivash_history_set_size(libeditHistory, Int32(clamping: history.capacity))
    kivash_history_set_unique(libeditHistory, 1)
    for entry in history.entries {
      _ = entry.withWideCString { kivash_history_enter(libeditHistory, $0) }
    }
    kivash_el_set_history(editLine, libeditHistory)

    let name = retain(WideCString("kivash-complete"))
    let help = retain(WideCString("Complete the word before the cursor"))
    kivash_el_add_function(editLine, name.pointer, help.pointer) { editLine, _ in
      EditLineReader.completeCallback(editLine)
    }
    bind("^I", to: "kivash-complete")
    bind("^R", to: "em-inc-search-prev")
    let ignore = retain(WideCString(Self.ignoreKey))
    let ignoreHelp = retain(WideCString("Do nothing (a key kivash gives no meaning)"))
    kivash_el_add_function(editLine, ignore.pointer, ignoreHelp.pointer) { _, _ in
      UInt8(CC_NORM)
    }
    for (key, command) in Self.terminalKeys { bind(key, to: command) }
    el_source(editLine, nil)
  }

  func bind(_ key: String, to command: String) {
    _ = key.withWideCString { key in
      command.withWideCString { command in kivash_el_bind(editLine, key, command) }
    }
  }

  private func retain(_ string: WideCString) -> WideCString {
    retainedStrings.append(string)
    return string
  }
}
