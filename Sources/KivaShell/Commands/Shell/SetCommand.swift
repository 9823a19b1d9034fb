/// `set [NAME VALUE]`: shows the settings, or changes one.
public struct SetCommand: ShellCommand {
  /// What the command does.
  public enum Action: Equatable, Sendable {
    case show
    case api(String)
  }

  /// The parsed action.
  public var action: Action
  private var valueToken: Token?

  static let names = ["api"]

  public static let spec = CommandSpec(
    name: "set", usage: "set [api URL|default]",
    summary: "show the settings, or change one",
    details: """
      api   the endpoint 'fetch --live' reads (KIVASH_API sets it at start;
            'set api default' goes back to Kiva's loans/newest.json)
      """,
    examples: ["set", "set api http://127.0.0.1:8080/v1/loans/newest.json", "set api default"],
    completion: .subcommands([.init("api", then: .word(["default"], then: .nothing))]))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let name = arguments.next() else {
      action = .show
      return
    }
    guard name.text.lowercased() == "api" else {
      throw ShellError(
        .unknownSubcommand(
          command: "set", got: name.text, choices: Self.names,
          suggestion: EditDistance.closest(to: name.text, among: Self.names)),
        at: name)
    }
    guard let value = arguments.next() else {
      throw ShellError(
        .missingArgument(
          command: "set api", what: "a URL",
          example: "set api https://api.kivaws.org/v1/loans/newest.json"),
        at: name)
    }
    valueToken = value
    action = .api(value.text)
    try arguments.expectEnd(command: "set", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    switch action {
    case .show:
      break
    case .api(let text):
      if text.lowercased() == "default", let url = Settings.defaultAPI {
        session.settings.api = url
      } else if let url = Settings.httpURL(text) {
        session.settings.api = url
      } else {
        throw ShellError(.notAnHTTPURL(text), at: valueToken?.range)
      }
    }
    context.output.line("api  \(session.settings.api.absoluteString)")
  }
}
