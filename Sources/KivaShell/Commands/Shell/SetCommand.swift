/// `set [NAME VALUE]`: shows the settings, or changes one.
public struct SetCommand: ShellCommand {
  /// What the command does.
  public enum Action: Equatable, Sendable {
    case show
    case api(String)
    case decoder(String)
    case mode(String)
    case width(String)
    case color(String)
  }

  /// The parsed action.
  public var action: Action
  private var valueToken: Token?

  static let names = ["api", "color", "decoder", "mode", "width"]

  /// The widths 'set width' takes, in columns.
  static let widthRange = 40...1_000

  public static let spec = CommandSpec(
    name: "set", usage: "set [NAME VALUE]",
    summary: "show the settings, or change one",
    details: """
      api       the endpoint 'fetch --live' reads (KIVASH_API sets it at start;
                'set api default' goes back to Kiva's loans/newest.json)
      decoder   which JSON decoder reads loans: fast (kivash's own) or foundation
                (JSONDecoder), to compare them (also 'kivash --decoder')
      mode      how records print: table (the default), json (an array, for jq), csv
                (RFC 4180, with a header) or lines (field = value); in json and csv
                modes messages go to standard error (also 'kivash --json', '--csv')
      width     the columns tables and charts are fitted to: a number (\(widthRange.lowerBound) to \(widthRange.upperBound)),
                or auto (the terminal's width; 100 for a pipe)
      color     auto (at a terminal, unless NO_COLOR), always or never
      """,
    examples: [
      "set", "set mode json", "set api http://127.0.0.1:8080/v1/loans/newest.json",
      "set api default",
    ],
    completion: .subcommands([
      .init("api", then: .word(["default"], then: .nothing)),
      .init("decoder", then: .word(["fast", "foundation"], then: .nothing)),
      .init("mode", then: .word(OutputMode.allCases.map(\.rawValue), then: .nothing)),
      .init("width", then: .word(["auto"], then: .nothing)),
      .init("color", then: .word(["auto", "always", "never"], then: .nothing)),
    ]))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let name = arguments.next() else {
      action = .show
      return
    }
    let lowered = name.text.lowercased()
    guard Self.names.contains(lowered) else {
      throw ShellError(
        .unknownSubcommand(
          command: "set", got: name.text, choices: Self.names,
          suggestion: EditDistance.closest(to: name.text, among: Self.names)),
        at: name)
    }
    guard let value = arguments.next() else {
      let (what, example) =
        switch lowered {
        case "api": ("a URL", "set api https://api.kivaws.org/v1/loans/newest.json")
        case "decoder": ("fast or foundation", "set decoder fast")
        case "width": ("a number of columns or auto", "set width 80")
        case "color": ("auto, always or never", "set color never")
        default: ("table, json, csv or lines", "set mode json")
        }
      throw ShellError(
        .missingArgument(command: "set \(lowered)", what: what, example: example), at: name)
    }
    valueToken = value
    switch lowered {
    case "api": action = .api(value.text)
    case "decoder": action = .decoder(value.text)
    case "width": action = .width(value.text)
    case "color": action = .color(value.text)
    default: action = .mode(value.text)
    }
    try arguments.expectEnd(command: "set", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let changed: String?
    switch action {
    case .show:
      changed = nil
    case .api(let text):
      if text.lowercased() == "default", let url = Settings.defaultAPI {
        session.settings.api = url
      } else if let url = Settings.httpURL(text) {
        session.settings.api = url
      } else {
        throw ShellError(.notAnHTTPURL(text), at: valueToken?.range)
      }
      session.settings.refusedAPI = nil
      changed = "api"
    case .decoder(let text):
      session.settings.decoder = try choice(text, for: "decoder", among: Settings.Decoder.self)
      changed = "decoder"
    case .mode(let text):
      context.output.mode = try choice(text, for: "mode", among: OutputMode.self)
      changed = "mode"
    case .width(let text):
      try setWidth(text, output: context.output)
      changed = "width"
    case .color(let text):
      try setColor(text, output: context.output)
      changed = "color"
    }
    // 'set' shows every setting; 'set NAME VALUE' the one it changed.
    for (name, value) in Self.settings(session, output: context.output)
    where changed == nil || changed == name {
      context.output.line(name.padding(toLength: 9, withPad: " ", startingAt: 0) + value)
    }
  }

  /// Every setting and its value, in the words `set` takes.
  private static func settings(_ session: Session, output: Output) -> [(String, String)] {
    // 'auto' with what it gives here.
    let width = output.widthIsAutomatic ? "auto (\(output.width))" : "\(output.width)"
    let color =
      output.colorChoice == "auto"
      ? "auto (\(output.useColor ? "on" : "off"))" : output.colorChoice
    return [
      (
        "api",
        session.settings.refusedAPI.map {
          "KIVASH_API='\(ShellError.Kind.clipped($0))', refused: no http or https URL"
        } ?? session.settings.api.shown
      ),
      ("decoder", session.settings.decoder.rawValue),
      ("mode", output.mode.rawValue),
      ("width", width),
      ("color", color),
    ]
  }

  private func setWidth(_ text: String, output: Output) throws(ShellError) {
    if text.lowercased() == "auto" {
      output.widthIsAutomatic = true
      output.width = output.automaticWidth
      return
    }
    let range = Self.widthRange
    guard let columns = Int(text) else {
      let kind: ShellError.Kind =
        Arguments.isWholeNumber(text, money: false)
        ? .numberTooLarge(
          command: "set width", what: "a number of columns", got: text,
          maximum: range.upperBound)
        : .notANumber(
          command: "set width",
          what: "a number of columns (\(range.lowerBound) to \(range.upperBound)) or auto",
          got: text)
      throw ShellError(kind, at: valueToken?.range)
    }
    guard columns >= range.lowerBound else {
      throw ShellError(
        .numberTooSmall(
          command: "set width", what: "a number of columns", got: text,
          minimum: range.lowerBound),
        at: valueToken?.range)
    }
    guard columns <= range.upperBound else {
      throw ShellError(
        .numberTooLarge(
          command: "set width", what: "a number of columns", got: text,
          maximum: range.upperBound),
        at: valueToken?.range)
    }
    output.widthIsAutomatic = false
    output.width = columns
  }

  private func setColor(_ text: String, output: Output) throws(ShellError) {
    let chosen = try choice(text, for: "color", among: LaunchOptions.ColorChoice.self)
    switch chosen {
    case .auto: output.useColor = output.automaticColor
    case .always: output.useColor = true
    case .never: output.useColor = false
    }
    output.colorChoice = chosen.rawValue
  }

  /// The case of `Choice` that `text` names (ignoring case), or the error naming them all.
  private func choice<Choice: RawRepresentable & CaseIterable>(
    _ text: String, for name: String, among _: Choice.Type
  ) throws(ShellError) -> Choice where Choice.RawValue == String {
    if let value = Choice(rawValue: text.lowercased()) { return value }
    let choices = Choice.allCases.map(\.rawValue)
    throw ShellError(
      .unknownSubcommand(
        command: "set \(name)", got: text, choices: choices,
        suggestion: EditDistance.closest(to: text, among: choices)),
      at: valueToken?.range)
  }
}
