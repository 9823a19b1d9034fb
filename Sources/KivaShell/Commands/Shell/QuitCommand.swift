/// `quit`: leaves the shell (so do `exit`, `q` and Ctrl-D).
public struct QuitCommand: ShellCommand {
  public static let spec = CommandSpec(
    name: "quit", aliases: ["exit", "q"], usage: "quit",
    summary: "leave kivash (Ctrl-D too)",
    examples: ["quit"])

  public init(parsing arguments: Arguments) throws(ShellError) {
    try arguments.expectEnd(command: "quit", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    session.wantsToQuit = true
  }
}
