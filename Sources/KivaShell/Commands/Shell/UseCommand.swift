/// `use COLLECTION`: switches the collection the other commands work on.
public struct UseCommand: ShellCommand {
  /// The collection to switch to; nil to show the current one.
  public var name: Token?

  public static let spec = CommandSpec(
    name: "use", usage: "use [loans|landmarks|restaurants|categories]",
    summary: "switch to another collection (shows the current one without a name)",
    details: """
      Each collection keeps its own filters, search, order and last list; switching
      back finds them as they were.
      """,
    examples: ["use landmarks", "use restaurants", "use"],
    completion: .value(.collections))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    name = arguments.next()
    try arguments.expectEnd(command: "use", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    if let name {
      guard let kind = CollectionKind(rawValue: name.text.lowercased()) else {
        throw ShellError(
          .unknownCollection(
            name.text, available: CollectionKind.names,
            suggestion: EditDistance.closest(to: name.text, among: CollectionKind.names)),
          at: name)
      }
      session.current = kind
    }
    struct Summary: CollectionVisitor {
      func visit<Record: CollectionRecord>(_ collection: inout RecordCollection<Record>) -> String {
        collection.viewSummary()
      }
    }
    let summary = try session.visitCurrent(Summary())
    context.output.line("using \(session.current.rawValue): \(summary)")
  }
}
