/// `use COLLECTION`: switches the collection the other commands work on.
public struct UseCommand: ShellCommand {
  /// The collection to switch to; nil to show the current one.
  public var name: Token?

  public static let spec = CommandSpec(
    name: "use", usage: "use [COLLECTION]",
    summary: "switch to another collection (shows the current one without a name)",
    examples: ["use loans"],
    completion: .value(.collections))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    name = arguments.next()
    try arguments.expectEnd(command: "use", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    guard let name else {
      context.output.line(
        "using \(session.collectionName) (\(Session.loansCount(session.loans.loans.count)))")
      return
    }
    let wanted = name.text.lowercased()
    guard Session.collectionNames.contains(wanted) else {
      throw ShellError(
        .unknownCollection(
          name.text, available: Session.collectionNames,
          suggestion: EditDistance.closest(to: name.text, among: Session.collectionNames)),
        at: name)
    }
    session.collectionName = wanted
    context.output.line(
      "using \(wanted) (\(Session.loansCount(session.loans.loans.count)))")
  }
}
