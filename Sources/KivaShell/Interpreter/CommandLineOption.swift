/// One option of `kivash`'s command line, as `--help`, the man page and the shell
/// completion scripts describe it: all three are generated from `LaunchOptions.options`.
public struct CommandLineOption: Sendable {
  /// The spellings: `-k`, `--keep-going`.
  public var flags: [String]
  /// The argument's name (`FILE`, `WHEN`), if the option takes one.
  public var argument: String?
  /// What it does, in one line (or two).
  public var help: String
  /// The values the argument takes, for completion (empty: any; see `takesFile`).
  public var values: [String]
  /// Whether the argument is a file name.
  public var takesFile: Bool

  /// Creates an option.
  public init(
    _ flags: [String], argument: String? = nil, help: String, values: [String] = [],
    takesFile: Bool = false
  ) {
    self.flags = flags
    self.argument = argument
    self.help = help
    self.values = values
    self.takesFile = takesFile
  }

  /// `-k, --keep-going` or `--color WHEN`.
  public var synopsis: String {
    flags.joined(separator: ", ") + (argument.map { " " + $0 } ?? "")
  }
}

extension LaunchOptions {
  /// Every option, in the order `--help` lists them.
  public static let options: [CommandLineOption] = [
    CommandLineOption(
      ["-c"], argument: "COMMANDS", help: "run COMMANDS (lines, or separated by ';') and exit"),
    CommandLineOption(["--echo"], help: "print each command before its output"),
    CommandLineOption(
      ["-k", "--keep-going"], help: "run past failed commands (the exit status is still 1)"),
    CommandLineOption(
      ["--color"], argument: "WHEN",
      help: "auto (default), always or never; NO_COLOR also turns colour off",
      values: ["auto", "always", "never"]),
    CommandLineOption(
      ["--no-persist"], help: "keep favourites, categories, searches and models in memory only"),
    CommandLineOption(["--no-init"], help: "skip the init script (\(InitScript.displayPath))"),
    CommandLineOption(
      ["--decoder"], argument: "WHICH",
      help: "fast (default) or foundation (JSONDecoder), to compare",
      values: ["fast", "foundation"]),
    CommandLineOption(
      ["--json", "--csv"], help: "print records as JSON or CSV, messages on stderr ('set mode')"),
    CommandLineOption(
      ["--record"], argument: "FILE",
      help: "record a session that --check replays (in memory, no init)",
      takesFile: true),
    CommandLineOption(
      ["--check"], argument: "FILE",
      help: "replay transcripts (FILE and files after it); diff, exit 1 if output changed",
      takesFile: true),
    CommandLineOption(["--update"], help: "with --check: rewrite the transcript instead"),
    CommandLineOption(["-h", "--help"], help: "show this help"),
    CommandLineOption(["-V", "--version"], help: "show the version"),
  ]

  /// What kivash is, for `--help` and the man page.
  public static let description = """
    An interactive shell for exploring Kiva loan data and teaching Swift's Codable.
    With no SCRIPT and a terminal, starts the prompt on the built-in loans; a
    SCRIPT (or standard input from a pipe) runs unattended, stopping at the first error.
    """

  /// The exit statuses, for `--help` and the man page.
  public static let exitStatuses: [(status: Int32, meaning: String)] = [
    (0, "every command succeeded"), (1, "a command failed"), (2, "a usage error"),
    (129, "hung up (SIGHUP) at the prompt"), (130, "interrupted (SIGINT, Ctrl-C)"),
    (StandardStreamsSink.closedPipeStatus, "output closed early (SIGPIPE)"),
    (143, "terminated (SIGTERM)"),
  ]

  /// The usage text of `kivash --help`.
  public static var usage: String {
    let width = options.map(\.synopsis.count).max() ?? 0
    let lines = options.map { "  " + TextLayout.pad($0.synopsis, width + 3) + $0.help }
    let statuses = exitStatuses.map { "\($0.status) \($0.meaning)" }
    let statusLines = TextLayout.wrapItems(
      statuses, lead: "exit status: ", end: ".", hang: 2, to: 80)
    return """
      usage: kivash [OPTIONS] [SCRIPT]

      \(description)

      options:
      \(lines.joined(separator: "\n"))

      \(statusLines.joined(separator: "\n"))
      Type 'help' at the prompt for the commands.
      """
  }

  /// Every spelling of every option, for suggestions.
  static var optionWords: [String] {
    options.flatMap(\.flags).filter { $0.hasPrefix("--") }
  }
}
