/// `count`: how many loans are in view.
public struct CountCommand: ShellCommand {
  public static let spec = CommandSpec(
    name: "count", usage: "count",
    summary: "count the loans in view",
    examples: ["count"])

  public init(parsing arguments: Arguments) throws(ShellError) {
    try arguments.expectEnd(command: "count", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init() {}

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    context.output.line(Session.loansCount(session.loans.view().count))
  }
}
