import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starts kivash from its command line: chooses the reader (terminal, script, pipe
/// or `-c`), sets up output and history, and runs the loop. The executable only calls it.
public enum Launcher {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// The process's arguments (without the program name) as the bytes they are: they
  /// need not be UTF-8.
  public static func processArguments() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
  }

  /// Runs kivash on arguments given as bytes: one that is not UTF-8 is a usage error
  /// (status 2), except the commands of `-c`, which fail as a script line that is not text
  /// does (status 1).
  public static func main(rawArguments: [[UInt8]], environment: [String: String]) -> Int32 {
    var arguments: [String] = []
    var rejectedCommands: ShellError?
    for (index, bytes) in rawArguments.enumerated() {
      switch TextLine.decode(bytes) {
      case .success where bytes.last == UInt8(ascii: "\r"):
        arguments.append(String(decoding: bytes, as: UTF8.self))
      case .success(let text):
        arguments.append(text)
      case .failure(let error):
        if index > 0 && rawArguments[index - 1] == Array("-c".utf8) {
          rejectedCommands = error
          arguments.append("")
        } else {
          return usageFailure(
            UsageError("argument '\(TextLine.shown(bytes))' is not UTF-8 text"),
            sink: StandardStreamsSink())
        }
      }
    }
    return main(arguments: arguments, environment: environment, rejectedCommands: rejectedCommands)
  }

  /// Runs kivash and returns its exit status.
  public static func main(arguments: [String], environment: [String: String]) -> Int32 {
    main(arguments: arguments, environment: environment, rejectedCommands: nil)
  }

  private static func main(
    arguments: [String], environment: [String: String], rejectedCommands: ShellError?
  ) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let sink = StandardStreamsSink()
    // Only one of the two is ever set: the prompt's handler, or a script's.
    sink.interruptIsPending = {
      EditLineReader.interruptIsPending || StoppingSignal.received != nil
    }
    let options: LaunchOptions
    do {
      options = try LaunchOptions.parse(arguments)
    } catch {
      return usageFailure(error, sink: sink)
    }
    switch options.action {
    case .help:
      sink.write(LaunchOptions.usage + "\n", to: .standard)
    case .version:
      sink.write("kivash \(version)\n", to: .standard)
    case .check(let paths, let update):
      let status = TranscriptCheck.run(paths: paths, update: update, sink: sink)
      sink.flush()
      return status
    case .run:
      let status = run(
        options, environment: environment, sink: sink, rejectedCommands: rejectedCommands)
      sink.flush()
      return status
    }
    sink.flush()
    return 0
  }

  /// Reports a mistake on the command line: status 2.
  private static func usageFailure(_ error: UsageError, sink: StandardStreamsSink) -> Int32 {
    Output(sink: sink).error(error.message)
    sink.flush()
    return 2
  }

  private static func run(
    _ options: LaunchOptions, environment: [String: String], sink: StandardStreamsSink,
    rejectedCommands: ShellError?
  ) -> Int32 {
    guard let path = options.recordPath else {
      return run(
        options, environment: environment, sink: sink, rejectedCommands: rejectedCommands,
        recorder: nil)
    }
    // Checked before anything runs: a transcript that cannot be written, or would replace
    // the script or the user's data, is a mistake on the command line.
    let target = URL(fileURLWithPath: LocalFile.expand(path))
    if path.isEmpty || LocalFile.isDirectory(target.path) {
      return usageFailure(
        UsageError("--record '\(path)' is not a file name — e.g. kivash --record demo.transcript"),
        sink: sink)
    }
    guard LocalFile.missingFolder(for: path) == nil else {
      // The folder as it was typed.
      let typed = (path as NSString).deletingLastPathComponent
      return usageFailure(
        UsageError("--record '\(path)': there is no folder '\(typed.isEmpty ? "." : typed)'"),
        sink: sink)
    }
    if let role = protectedFiles(options, environment: environment).role(of: target.path) {
      return usageFailure(
        UsageError("--record '\(path)' would write over \(role); give another file"),
        sink: sink)
    }
    // Recorded as `--check` replays: in memory, from nothing saved, without the init script
    // (see `LaunchOptions.parse`) or KIVASH_API, so that the transcript replays anywhere.
    var replayable = options
    replayable.persist = false
    var bareEnvironment = environment
    bareEnvironment["KIVASH_API"] = nil
    let recorder = TranscriptRecorder(passingTo: sink)
    let status = run(
      replayable, environment: bareEnvironment, sink: recorder,
      rejectedCommands: rejectedCommands, recorder: recorder)
    var arguments: [String] = []
    if options.keepGoing { arguments.append("--keep-going") }
    if options.mode != .table { arguments.append("--\(options.mode.rawValue)") }
    if options.decoder != .fast { arguments += ["--decoder", options.decoder.rawValue] }
    // Where the commands ran, from the transcript's folder: `--check` replays there.
    let folder = URL(fileURLWithPath: LocalFile.expand(path)).deletingLastPathComponent().path
    let directory = RelativePath.between(folder, FileManager.default.currentDirectoryPath)
    let transcript = Transcript(
      arguments: arguments, source: recorder.source, directory: directory,
      width: recorder.width, body: recorder.lines)
    do {
      try WholeFileWriter.write(Data(transcript.text.utf8), to: LocalFile.expand(path))
    } catch {
      Output(sink: sink).error("cannot write the transcript '\(path)': \(error.reason)")
      return status == 0 ? 1 : status
    }
    return status
  }

  private static func run(
    _ options: LaunchOptions, environment: [String: String], sink: TextSink,
    rejectedCommands: ShellError?, recorder: TranscriptRecorder?
  ) -> Int32 {
    let stdoutIsTerminal = isatty(1) == 1
    let output = Output(
      sink: sink, isTerminal: stdoutIsTerminal,
      useColor: useColor(options.color, stdoutIsTerminal: stdoutIsTerminal, environment),
      width: stdoutIsTerminal ? terminalSize().columns : 100,
      showsProgress: isatty(2) == 1 && environment["TERM"] != "dumb")
    output.mode = options.mode
    output.automaticColor = useColor(.auto, stdoutIsTerminal: stdoutIsTerminal, environment)
    output.colorChoice = options.color.rawValue
    if output.showsProgress { output.progressColumns = { terminalSize(of: 2).columns } }
    if stdoutIsTerminal {
      output.height = terminalSize().rows
      output.pager = Pager.command(environment: environment)
      output.missingPager = Pager.missingProgram(environment: environment)
      output.terminalSize = terminalSize
    }
    let shellOptions = Shell.Options(
      echo: options.echo, echoesEachCommand: options.echo, keepGoing: options.keepGoing)
    let userData = UserDataStores.open(environment: environment, persist: options.persist)
    if let warning = userData.warning { output.warning(warning) }
    var session = Session.withBuiltInData()
    session.settings = Settings(environment: environment)
    if let warning = Settings.environmentWarning(environment) { output.warning(warning) }
    session.settings.decoder = options.decoder
    let shell = Shell(
      session: session, output: output, options: shellOptions, store: userData.store)
    if options.persist {
      shell.cacheDirectory = ResponseCache.defaultDirectory(environment: environment)
    }
    // A closed or full standard output ends the run where it is written to: what the
    // run saved goes into the database's main file first, as at a normal exit.
    (sink as? StandardStreamsSink)?.beforeExit = { shell.store.settle() }
    shell.protectedFiles = protectedFiles(options, environment: environment)
    // Written when the run ends: an export into it would be lost, or lose the recording.
    if let record = options.recordPath {
      shell.protectedFiles.add(LocalFile.expand(record), as: TranscriptCheck.protectedRole)
    }
    if options.runsInit {
      InitScript.run(in: shell, environment: environment)
      // The command line wins over the init script, as sqlite3's options over .sqliterc:
      // `kivash --json` prints JSON whatever the init script sets.
      let given = options.givenSettings
      if given.contains(.mode) { output.mode = options.mode }
      if given.contains(.decoder) { shell.useDecoder(options.decoder) }
      if given.contains(.color) {
        output.useColor = useColor(options.color, stdoutIsTerminal: stdoutIsTerminal, environment)
        output.colorChoice = options.color.rawValue
      }
    }
    let reader: LineReader

    if let rejectedCommands, options.commands != nil {
      reader = ArrayLineReader(results: [.rejected(rejectedCommands)])
    } else if let commands = options.commands {
      // Lines, as `sh -c` takes them: `kivash -c "$(cat demo.kiva)"` runs the script, and
      // its errors say which line (`-c:2: …`) when there are several.
      reader = ArrayLineReader(scriptData: Data(commands.utf8))
      if commands.contains("\n") { shell.options.sourceName = "-c" }
    } else if let path = options.scriptPath, path != "-" {
      do {
        reader = ArrayLineReader(scriptData: try LocalFile.readScript(path))
        shell.options.sourceName = path
      } catch {
        output.error(error.message)
        return 1
      }
    } else if options.scriptPath == "-" || isatty(0) != 1 {
      reader = StandardInputLineReader()
      shell.options.sourceName = "stdin"
    } else {
      shell.options.interactive = true
      reader = startInteractive(shell, environment: environment)
    }
    if !shell.options.interactive {
      // A script runs unattended: it never waits in a pager, even into a terminal.
      output.pager = nil
      output.missingPager = nil
      StoppingSignal.install()
      shell.stoppingSignal = { StoppingSignal.received }
      shell.isInterrupted = { StoppingSignal.received != nil }
      // Scripts record nothing, but 'history' still shows what was entered at the prompt.
      let historyFile = CommandHistory.defaultFileURL(environment: environment)
      shell.historyFile = historyFile
      shell.historyEntries = { CommandHistory(fileURL: historyFile).entries }
    }
    if let recorder {
      recorder.source =
        shell.options.interactive
        ? nil : shell.options.sourceName ?? Transcript.unnamedSource
      recorder.width = output.width
      output.recorder = recorder
      if !shell.options.echo { shell.unechoedLine = recorder.recordCommand }
      recorder.start()
    }
    var status = shell.run(reader: reader)
    if shell.options.interactive, let signal = EditLineReader.takePendingTermination() {
      status = StoppingSignal.exitStatus(signal)
    }
    shell.store.settle()
    // The process ends right after this: freeing a million loans one by one would
    // only delay the exit (by about a second), so the shell is deliberately kept, in a
    // static where LeakSanitizer (scripts/test --sanitize) sees it is still reachable.
    keptShell = shell
    return status
  }

  /// The files the run keeps its data in: the database (with SQLite's files beside it),
  /// the history file, the init script and the script.
  static func protectedFiles(_ options: LaunchOptions, environment: [String: String])
    -> ProtectedFiles
  {
    var files = ProtectedFiles()
    // The user's database even with --no-persist: this run does not use it, but it holds
    // what the user saved.
    if let database = UserDataLocation.defaultFileURL(environment: environment) {
      for suffix in ["", "-wal", "-shm", "-journal"] {
        files.add(
          database.path + suffix, as: "kivash's database of favourites, categories and models")
      }
    }
    if let history = CommandHistory.defaultFileURL(environment: environment) {
      files.add(history.path, as: "kivash's history file")
    }
    files.add(InitScript.url(environment: environment).path, as: "kivash's init script")
    if let script = options.scriptPath, script != "-" {
      files.add(LocalFile.expand(script), as: "the script being run")
    }
    return files
  }

  /// The shell of the run, kept until the process exits (see `run`).
  nonisolated(unsafe) private static var keptShell: Shell?

  /// Sets up history, completion and the libedit prompt (a plain reader if libedit
  /// cannot start), and greets the user.
  private static func startInteractive(
    _ shell: Shell, environment: [String: String]
  ) -> LineReader {
    let historyFile = CommandHistory.defaultFileURL(environment: environment)
    let history = CommandHistory(fileURL: historyFile)
    shell.historyFile = historyFile
    shell.historyEntries = { history.entries }
    shell.isInterrupted = { EditLineReader.takePendingInterrupt() }
    let reader =
      EditLineReader(
        programName: "kivash", history: history,
        completer: { [unowned shell] request in
          var request = request
          request.continuesBlock = shell.readsContinuation
          return Completer.edit(for: request, in: shell.session)
        }) as LineReader? ?? StandardInputLineReader()
    shell.output.line(banner(shell.session))
    if let warning = history.takeWarning() { shell.output.warning(warning) }
    shell.pendingWarning = { history.takeWarning() }
    shell.output.flush()
    return reader
  }

  static func banner(_ session: Session) -> String {
    "kivash \(version) — \(session.loans.records.count) loans from "
      + "\(session.loans.sourceName). Type 'help' or press TAB."
  }

  private static func useColor(
    _ choice: LaunchOptions.ColorChoice, stdoutIsTerminal: Bool, _ environment: [String: String]
  ) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      return stdoutIsTerminal && environment["NO_COLOR", default: ""].isEmpty
        && environment["TERM"] != "dumb"
    }
  }

  private static func terminalSize() -> (columns: Int, rows: Int) {
    terminalSize(of: 1)
  }

  /// The size of the terminal `descriptor` is open on; 80×24 when it says none.
  private static func terminalSize(of descriptor: Int32) -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
