/// `sort FIELD [asc|desc]`: orders the loans.
public struct SortCommand: ShellCommand {
  /// What the command does.
  public enum Action: Equatable, Sendable {
    case show
    case set(LoanSort)
    case clear
  }

  /// The parsed action.
  public var action: Action

  static let fields = LoanSort.Field.allCases.map(\.rawValue)

  public static let spec = CommandSpec(
    name: "sort", usage: "sort [amount|name|country|posted [asc|desc] | clear]",
    summary: "order the loans by amount, name, country or posting date",
    details: """
      Orders every later list. asc (the default) puts the smallest amount, A, or the
      oldest first; desc the opposite. 'sort clear' restores the response's order;
      'sort' alone shows the active order.
      """,
    examples: ["sort amount", "sort amount desc", "sort name", "sort clear"],
    completion: .word(fields + ["clear"], then: .word(["asc", "desc"], then: .nothing)))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let fieldWord = arguments.next() else {
      action = .show
      return
    }
    let choices = Self.fields + ["clear"]
    let lowered = fieldWord.text.lowercased()
    if lowered == "clear" || lowered == "none" {
      action = .clear
    } else if let field = LoanSort.Field(rawValue: lowered) {
      var ascending = true
      if let direction = arguments.next() {
        switch direction.text.lowercased() {
        case "asc", "ascending": ascending = true
        case "desc", "descending": ascending = false
        default:
          throw ShellError(
            .unknownSubcommand(
              command: "sort \(lowered)", got: direction.text, choices: ["asc", "desc"],
              suggestion: EditDistance.closest(to: direction.text, among: ["asc", "desc"])),
            at: direction)
        }
      }
      action = .set(LoanSort(field: field, ascending: ascending))
    } else {
      throw ShellError(
        .unknownSubcommand(
          command: "sort", got: fieldWord.text, choices: choices,
          suggestion: EditDistance.closest(to: fieldWord.text, among: choices)),
        at: fieldWord)
    }
    try arguments.expectEnd(command: "sort", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init(_ action: Action) {
    self.action = action
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    switch action {
    case .show:
      context.output.line(
        session.loans.sort.map { "sorted by \($0.description)" } ?? "in the response's order")
    case .set(let sort):
      session.loans.sort = sort
      context.output.line("sorted by \(sort.description)")
    case .clear:
      session.loans.sort = nil
      context.output.line("in the response's order")
    }
  }
}
