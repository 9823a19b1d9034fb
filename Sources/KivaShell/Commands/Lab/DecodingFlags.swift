/// The flags lab commands share: decoding strategies, as `JSONDecoder` has them.
struct DecodingFlags {
  /// The flags `decode` takes.
  static let decodeFlags: Set<String> = ["--trace", "--manual", "--snake-case", "--dates"]

  var options = DecodingOptions()
  var trace = false
  var manual = false
  /// The first strategy flag given (`--snake-case`, `--dates`), if any.
  var strategyFlag: String?

  static let usage = "[--snake-case] [--dates iso8601|seconds|deferred]"

  /// The shared flags for TAB, with the values `--dates` takes.
  static let completionFlags = [
    CompletionFlag("--snake-case"),
    CompletionFlag("--dates", values: ["iso8601", "seconds", "deferred"]),
  ]

  /// The flags that give `options`, each after a space: ` --snake-case --dates seconds`,
  /// or nothing for the defaults (keys as they are, ISO 8601 dates).
  static func arguments(for options: DecodingOptions) -> String {
    var flags = ""
    if options.keyStrategy == .convertFromSnakeCase { flags += " --snake-case" }
    switch options.dateStrategy {
    case .iso8601: break
    case .secondsSince1970: flags += " --dates seconds"
    case .deferredToDate: flags += " --dates deferred"
    }
    return flags
  }

  /// Takes the flags at the front of `arguments`; stops at the first word that is not one.
  /// `model` and `rest` (what follows the flags, such as ` @sample.json`) make the hints'
  /// examples whole commands: `decode FlatLoan --dates seconds @sample.json`.
  static func take(
    from arguments: inout Arguments, command: String, model: String, rest: String = "",
    allowing extra: Set<String> = []
  ) throws(ShellError) -> DecodingFlags {
    var flags = DecodingFlags()
    try flags.take(from: &arguments, command: command, model: model, rest: rest, allowing: extra)
    return flags
  }

  /// The flags before a model and those after it, as one set: `decode --trace FlatLoan
  /// --snake-case {…}` reads as many command-line tools read flags, wherever they stand.
  /// Returns the model, or nil when the words end before one (no flag is a model).
  static func takeAroundModel(
    from arguments: inout Arguments, into flags: inout DecodingFlags, command: String,
    rest: String = "", allowing extra: Set<String> = []
  ) throws(ShellError) -> Token? {
    try flags.take(from: &arguments, command: command, model: "MODEL", rest: rest, allowing: extra)
    guard let model = arguments.next() else { return nil }
    try flags.take(
      from: &arguments, command: command, model: model.text, rest: rest, allowing: extra)
    return model
  }

  /// Adds the flags at the front of `arguments` to these (see the static `take`).
  private mutating func take(
    from arguments: inout Arguments, command: String, model: String, rest: String,
    allowing extra: Set<String>
  ) throws(ShellError) {
    var flags = self
    defer { self = flags }
    while let word = arguments.peek(), word.text.hasPrefix("--") {
      _ = arguments.next()
      switch word.text {
      case "--snake-case":
        flags.options.keyStrategy = .convertFromSnakeCase
        flags.strategyFlag = flags.strategyFlag ?? word.text
      case "--trace" where extra.contains("--trace"): flags.trace = true
      case "--manual" where extra.contains("--manual"): flags.manual = true
      case "--dates":
        flags.strategyFlag = flags.strategyFlag ?? word.text
        guard let value = arguments.next() else {
          throw ShellError(
            .missingArgument(
              command: "\(command) --dates", what: "iso8601, seconds or deferred",
              example: "\(command) \(model) --dates seconds\(rest)"),
            at: word)
        }
        switch value.text {
        case "iso8601": flags.options.dateStrategy = .iso8601
        case "seconds": flags.options.dateStrategy = .secondsSince1970
        case "deferred": flags.options.dateStrategy = .deferredToDate
        default:
          throw ShellError(
            .unknownSubcommand(
              command: "\(command) --dates", got: value.text,
              choices: ["iso8601", "seconds", "deferred"], suggestion: nil),
            at: value)
        }
      default:
        let known = ["--snake-case", "--dates"] + extra.sorted()
        throw ShellError(
          .unknownSubcommand(
            command: command, got: word.text, choices: known,
            suggestion: EditDistance.closest(to: word.text, among: known)),
          at: word)
      }
    }
  }
}
