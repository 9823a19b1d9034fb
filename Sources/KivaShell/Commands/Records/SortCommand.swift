/// `sort FIELD [asc|desc]`: orders the current collection.
public struct SortCommand: CollectionCommand {
  /// What the command does.
  public enum Action: Equatable, Sendable {
    case show
    case set(fieldWord: String, ascending: Bool)
    case clear
  }

  /// The parsed action.
  public var action: Action
  private var fieldToken: Token?

  /// Every field some collection sorts by.
  static let allFields = CollectionKind.allCases.flatMap(\.sortFields).reduce(into: [String]()) {
    if !$0.contains($1.rawValue) { $0.append($1.rawValue) }
  }

  public static let spec = CommandSpec(
    name: "sort", usage: "sort [FIELD [asc|desc] | clear]",
    summary: "order what is in view by a field",
    details: """
      Loans sort by amount, name, country or posted; landmarks by name, park, state or
      category; restaurants by name, type or location; categories by name or icon.
      asc (the default) puts the smallest, A, or the oldest first; desc the opposite.
      'sort clear' restores the data's order; 'sort' alone shows the active order.
      """,
    examples: ["sort amount", "sort amount desc", "sort name", "sort clear"],
    completion: .wordFrom(
      .sortFields, then: .word(["asc", "desc"], then: .nothing)))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let fieldWord = arguments.next() else {
      action = .show
      return
    }
    fieldToken = fieldWord
    let lowered = fieldWord.text.lowercased()
    if lowered == "clear" || lowered == "none" {
      action = .clear
    } else {
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
      action = .set(fieldWord: lowered, ascending: ascending)
    }
    try arguments.expectEnd(command: "sort", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init(_ action: Action) {
    self.action = action
  }

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    switch action {
    case .show:
      context.output.line(
        collection.sort.map { "sorted by \($0.description)" } ?? "in the data's order")
    case .set(let word, let ascending):
      let choices = Record.sortFields.map(\.rawValue) + ["clear"]
      guard let field = Record.sortFields.first(where: { $0.rawValue == word }) else {
        throw ShellError(
          .unknownSubcommand(
            command: "sort", got: fieldToken?.text ?? word, choices: choices,
            suggestion: EditDistance.closest(to: word, among: choices)),
          at: fieldToken?.range)
      }
      let sort = RecordSort(field: field, ascending: ascending)
      collection.sort = sort
      context.output.line("sorted by \(sort.description)")
    case .clear:
      collection.sort = nil
      context.output.line("in the data's order")
    }
  }
}
