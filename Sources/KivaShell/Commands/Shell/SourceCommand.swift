/// `source FILE`: runs the commands of a script in this session.
public struct SourceCommand: ShellCommand {
  public static var savesUserData: Bool { true }

  /// The script's path.
  public var path: String

  public static let spec = CommandSpec(
    name: "source", aliases: ["."], usage: "source FILE",
    summary: "run the commands of a script file in this session",
    details: """
      Stops at the script's first error, naming its file and line. Run with --keep-going
      (kivash -k), it goes past each failed line as the script that sources it does,
      naming each, and fails once at its end.
      """,
    examples: ["source demo.kiva"],
    completion: .file(flags: [], atSign: false))

  /// The lines before a failing one have run, as in any shell: their changes stay.
  public static var keepsChangesOnFailure: Bool { true }

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let word = arguments.next() else {
      throw ShellError(
        .missingArgument(command: "source", what: "a file", example: "source demo.kiva"),
        at: arguments.commandWord)
    }
    path = word.text
    try arguments.expectEnd(command: "source", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    try context.runScript(path, &session)
  }
}
