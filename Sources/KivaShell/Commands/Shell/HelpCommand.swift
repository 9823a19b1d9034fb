/// `help [COMMAND]`: the list of commands, or one command's usage and examples.
public struct HelpCommand: ShellCommand {
  /// The command asked about; nil for the list.
  public var topic: Token?

  public static let spec = CommandSpec(
    name: "help", aliases: ["?"], usage: "help [COMMAND]",
    summary: "list the commands, or explain one",
    examples: ["help", "help filter"],
    completion: .value(.commandNames), pagesOutput: true)

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    topic = arguments.next()
    try arguments.expectEnd(command: "help", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let output = context.output
    guard let topic else {
      output.line("commands:")
      let width = CommandRegistry.all.map { $0.spec.name.count }.max() ?? 0
      for command in CommandRegistry.all {
        // Fitted to the width, the summary's later lines under its first.
        let line = "  " + TextLayout.pad(command.spec.name, width) + "  " + command.spec.summary
        for piece in TextLayout.wrap(line, to: output.width, hang: 2 + width + 2) {
          output.line(piece)
        }
      }
      let closing = "Type 'help COMMAND' for more; ';' separates commands, '#' starts a comment."
      for piece in TextLayout.wrap(closing, to: output.width, hang: 0) { output.line(piece) }
      return
    }
    guard let command = CommandRegistry.command(named: topic.text) else {
      throw ShellError(
        .unknownHelpTopic(
          topic.text,
          suggestion: EditDistance.closest(to: topic.text, among: CommandRegistry.names)),
        at: topic)
    }
    let spec = command.spec
    // A long usage goes on under itself, after "usage: ".
    for line in TextLayout.wrap("usage: \(spec.usage)", to: output.width, hang: 7) {
      output.line(line)
    }
    output.line()
    var text = [spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + "."]
    if !spec.details.isEmpty {
      text += spec.details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    // The summary stands alone: a paragraph of the details would run on from it.
    output.reflowedLines([text[0]])
    output.reflowedLines(Array(text.dropFirst()))
    if !spec.aliases.isEmpty {
      output.line("Aliases: " + spec.aliases.joined(separator: ", "))
    }
    output.line()
    output.line("examples:")
    for example in spec.examples { output.line("  " + example) }
  }
}
