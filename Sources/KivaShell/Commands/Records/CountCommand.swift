/// `count`: how many records are in view.
public struct CountCommand: CollectionCommand {
  public static let spec = CommandSpec(
    name: "count", usage: "count",
    summary: "count what is in view",
    examples: ["count"])

  public init(parsing arguments: Arguments) throws(ShellError) {
    try arguments.expectEnd(command: "count", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init() {}

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    let count = collection.viewCount
    if context.output.mode.isMachineReadable {
      context.output.data("\(count)\n")
    } else {
      context.output.line(Record.count(count))
    }
  }
}
