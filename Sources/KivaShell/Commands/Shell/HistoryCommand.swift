/// `history [N]`: the lines entered at the prompt, oldest first.
public struct HistoryCommand: ShellCommand {
  /// How many of the latest lines to show; nil for all.
  public var limit: Int?

  public static let spec = CommandSpec(
    name: "history", usage: "history [N]",
    summary: "show the lines entered at the prompt (kept across sessions)",
    details: """
      History is kept in \(CommandHistory.displayPath) (KIVASH_HISTORY overrides).
      Lines starting with a space are not recorded. Up-arrow recalls, ^R searches.
      """,
    examples: ["history", "history 10"], pagesOutput: true)

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    if arguments.peek() != nil {
      limit = try arguments.number(
        command: "history", what: "a number of lines", example: "history 10")
    }
    try arguments.expectEnd(command: "history", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let entries = context.historyEntries()
    guard !entries.isEmpty else {
      guard let file = context.historyFile else {
        context.output.line("history is off (KIVASH_HISTORY is empty): no lines are kept")
        return
      }
      context.output.line(
        "no history yet — lines entered at the prompt are kept in '\(file.path)'")
      return
    }
    let first = max(0, entries.count - (limit ?? entries.count))
    let width = String(entries.count).count
    for index in first..<entries.count {
      context.output.line(
        "  " + TextLayout.padLeft(String(index + 1), width) + "  " + entries[index])
    }
  }
}
