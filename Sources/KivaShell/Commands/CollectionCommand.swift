/// A command that works on whichever collection is current, written once for all.
public protocol CollectionCommand: ShellCommand {
  /// Applies the command to the current collection.
  func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError)
}

extension CollectionCommand {
  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    try session.visitCurrent(CollectionCommandVisitor(command: self, context: context))
  }
}

private struct CollectionCommandVisitor<Command: CollectionCommand>: CollectionVisitor {
  let command: Command
  let context: CommandContext

  func visit<Record: CollectionRecord>(_ collection: inout RecordCollection<Record>)
    throws(ShellError)
  {
    try command.run(on: &collection, context: context)
  }
}
