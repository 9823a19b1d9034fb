/// What the command line asked for: `kivash [OPTIONS] [SCRIPT]`.
public struct LaunchOptions: Equatable, Sendable {
  /// When to colour output.
  public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
  }

  /// What to do.
  public enum Action: Equatable, Sendable {
    case run, help, version
    /// Replay transcripts, in order, and compare (`--check FILE [FILE…]`), or rewrite
    /// them (`--update`).
    case check(paths: [String], update: Bool)
  }

  /// What to do.
  public var action = Action.run
  /// A script file to run (`-` for standard input).
  public var scriptPath: String?
  /// Commands given with `-c`.
  public var commands: String?
  /// Print each command before its output.
  public var echo = false
  /// Go on after a failed command.
  public var keepGoing = false
  /// When to colour output.
  public var color = ColorChoice.auto
  /// Keep favourites, categories, searches and models on disk (off: in memory only).
  public var persist = true
  /// Which JSON decoder reads loans.
  public var decoder = Settings.Decoder.fast
  /// How records print (`--json`, `--csv`).
  public var mode = OutputMode.table
  /// Where to save a transcript of the session (`--record FILE`).
  public var recordPath: String?
  /// Run the init script first (off with `--no-init`).
  public var runsInit = true
  /// The settings the command line gave (`--color`, `--decoder`, `--json` or `--csv`),
  /// which the init script's `set` does not override.
  public var givenSettings: Set<GivenSetting> = []

  /// A setting an option gives.
  public enum GivenSetting: Hashable, Sendable {
    case color, decoder, mode
  }

  /// Creates default options.
  public init() {}

  /// Parses the command-line arguments (without the program name).
  public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
    var options = LaunchOptions()
    var remaining = arguments[...]
    var update = false
    // Files named on their own, in order: the SCRIPT, or with --check more transcripts.
    var files: [String] = []
    var checked: [String] = []
    /// The argument after an option, or the usage error `message`.
    func value(_ message: String) throws(UsageError) -> String {
      guard let value = remaining.popFirst() else { throw UsageError(message) }
      return value
    }
    while var argument = remaining.popFirst() {
      // `--decoder=foundation` is `--decoder foundation`, as GNU tools take it.
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        let name = String(argument[..<equals])
        if let option = Self.options.first(where: { $0.flags.contains(name) }) {
          guard option.argument != nil else {
            throw UsageError("'\(name)' takes no value, got '\(argument)'")
          }
          remaining.insert(
            String(argument[argument.index(after: equals)...]), at: remaining.startIndex)
          argument = name
        }
      }
      switch argument {
      case "-h", "--help": options.action = .help
      case "-V", "--version": options.action = .version
      case "--echo": options.echo = true
      case "-k", "--keep-going": options.keepGoing = true
      case "--no-persist": options.persist = false
      case "--no-init": options.runsInit = false
      case "--record":
        let path = try value("'--record' needs a file — e.g. kivash --record demo.transcript")
        if let earlier = options.recordPath {
          throw UsageError(
            "'--record' is given twice ('\(earlier)', '\(path)') — record one transcript a run")
        }
        options.recordPath = path
      case "--check":
        checked.append(
          try value("'--check' needs a transcript — e.g. kivash --check demo.transcript"))
      case "--update": update = true
      case "--json", "--csv":
        let mode: OutputMode = argument == "--json" ? .json : .csv
        guard options.mode == .table || options.mode == mode else {
          throw UsageError("'--json' and '--csv' do not go together: choose one")
        }
        options.mode = mode
        options.givenSettings.insert(.mode)
      case "--decoder":
        let name = try value("'--decoder' needs fast or foundation")
        guard let decoder = Settings.Decoder(rawValue: name) else {
          throw UsageError("'--decoder' takes fast or foundation, got '\(name)'")
        }
        options.decoder = decoder
        options.givenSettings.insert(.decoder)
      case "-c":
        let commands = try value("'-c' needs commands — e.g. kivash -c 'fetch; list'")
        guard options.commands == nil else {
          throw UsageError("'-c' is given twice — put all the commands in one, with ';' or lines")
        }
        options.commands = commands
      case "--color":
        options.color = try colorChoice(try value("'--color' needs auto, always or never"))
        options.givenSettings.insert(.color)
      case "-":
        files.append(argument)
      case "--":
        // The end of the options, as POSIX tools take it: what follows is the script,
        // even a name that starts with '-'.
        files += remaining
        remaining = []
      case _ where argument.hasPrefix("-"):
        throw UsageError("unknown option '\(argument)'" + suggestion(for: argument))
      default:
        files.append(argument)
      }
    }
    if !checked.isEmpty {
      try checkAction(checked + files, update: update, options: &options)
      return options
    }
    if update { throw UsageError("'--update' goes with '--check FILE'") }
    for file in files { try setScript(file, in: &options) }
    if options.commands != nil && options.scriptPath != nil {
      throw UsageError("give either -c COMMANDS or a SCRIPT, not both")
    }
    // `--check` replays without the init script: a transcript made with it would not
    // replay, here or anywhere else.
    if options.recordPath != nil { options.runsInit = false }
    return options
  }

  /// `--check` with `paths`: every file named is a transcript (`--check tests/*.transcript`),
  /// and what would run something else is refused rather than quietly dropped.
  private static func checkAction(
    _ paths: [String], update: Bool, options: inout LaunchOptions
  ) throws(UsageError) {
    if options.commands != nil {
      throw UsageError(
        "'--check' replays transcripts and runs no -c commands: give one or the other")
    }
    if options.recordPath != nil {
      throw UsageError("'--check' and '--record' do not go together: record first, then check")
    }
    if options.action == .run { options.action = .check(paths: paths, update: update) }
  }

  private static func suggestion(for argument: String) -> String {
    let name = String(argument.split(separator: "=").first ?? "")
    if let close = EditDistance.closest(to: name, among: optionWords) {
      return " — did you mean '\(close)'?"
    }
    return " — see 'kivash --help'"
  }

  private static func setScript(_ path: String, in options: inout LaunchOptions) throws(UsageError)
  {
    guard options.scriptPath == nil else {
      throw UsageError(
        "only one SCRIPT can be given, got '\(path)' after '\(options.scriptPath ?? "")'")
    }
    options.scriptPath = path
  }

  private static func colorChoice(_ value: String) throws(UsageError) -> ColorChoice {
    guard let choice = ColorChoice(rawValue: value) else {
      throw UsageError("'--color' takes auto, always or never, got '\(value)'")
    }
    return choice
  }
}

/// A mistake on the command line: exit status 2.
public struct UsageError: Error, Equatable, Sendable {
  /// The message, without `error: `.
  public var message: String

  /// Creates a usage error.
  public init(_ message: String) {
    self.message = message
  }
}
