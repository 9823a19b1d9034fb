import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starts kivash from its command line: chooses the reader (terminal, script, pipe
/// or `-c`), sets up output and history, and runs the loop. The executable only calls it.
public enum Launcher {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs kivash and returns its exit status.
  public static func main(arguments: [String], environment: [String: String]) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let sink = StandardStreamsSink()
    let options: LaunchOptions
    do {
      options = try LaunchOptions.parse(arguments)
    } catch {
      Output(sink: sink).error(error.message)
      sink.flush()
      return 2
    }
    switch options.action {
    case .help:
      sink.write(LaunchOptions.usage + "\n", to: .standard)
    case .version:
      sink.write("kivash \(version)\n", to: .standard)
    case .run:
      let status = run(options, environment: environment, sink: sink)
      sink.flush()
      return status
    }
    sink.flush()
    return 0
  }

  private static func run(
    _ options: LaunchOptions, environment: [String: String], sink: StandardStreamsSink
  ) -> Int32 {
    let stdoutIsTerminal = isatty(1) == 1
    let output = Output(
      sink: sink, isTerminal: stdoutIsTerminal,
      useColor: useColor(options.color, stdoutIsTerminal: stdoutIsTerminal, environment),
      width: stdoutIsTerminal ? terminalWidth() : 100,
      showsProgress: isatty(2) == 1 && environment["TERM"] != "dumb")
    let shellOptions = Shell.Options(echo: options.echo, keepGoing: options.keepGoing)
    let userData = UserDataStores.open(environment: environment, persist: options.persist)
    if let warning = userData.warning { output.warning(warning) }
    var session = Session.withBuiltInData()
    session.settings = Settings(environment: environment)
    session.settings.decoder = options.decoder
    let shell = Shell(
      session: session, output: output, options: shellOptions, store: userData.store)
    if options.persist {
      shell.cacheDirectory = ResponseCache.defaultDirectory(environment: environment)
    }
    let reader: LineReader

    if let commands = options.commands {
      reader = ArrayLineReader([commands])
    } else if let path = options.scriptPath, path != "-" {
      do {
        let data = try LocalFile.read(path)
        reader = ArrayLineReader(scriptText: String(decoding: data, as: UTF8.self))
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
      // Scripts record nothing, but 'history' still shows what was entered at the prompt.
      shell.historyEntries = {
        CommandHistory(fileURL: CommandHistory.defaultFileURL(environment: environment)).entries
      }
    }
    let status = shell.run(reader: reader)
    // The process ends right after this: freeing a million loans one by one would
    // only delay the exit (by about a second), so the shell is deliberately kept, in a
    // static where LeakSanitizer (scripts/test --sanitize) sees it is still reachable.
    keptShell = shell
    return status
  }

  /// The shell of the run, kept until the process exits (see `run`).
  nonisolated(unsafe) private static var keptShell: Shell?

  /// Sets up history, completion and the libedit prompt (a plain reader if libedit
  /// cannot start), and greets the user.
  private static func startInteractive(
    _ shell: Shell, environment: [String: String]
  ) -> LineReader {
    let history = CommandHistory(
      fileURL: CommandHistory.defaultFileURL(environment: environment))
    shell.historyEntries = { history.entries }
    shell.isInterrupted = { EditLineReader.takePendingInterrupt() }
    let reader =
      EditLineReader(
        programName: "kivash", history: history,
        completer: { [unowned shell] request in
          Completer.edit(for: request, in: shell.session)
        }) as LineReader? ?? StandardInputLineReader()
    shell.output.line(banner(shell.session))
    if let warning = history.warning { shell.output.warning(warning) }
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

  private static func terminalWidth() -> Int {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
