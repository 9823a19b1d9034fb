/// `list [N|all]`: prints the records in view as a numbered table.
public struct ListCommand: CollectionCommand {
  /// How many rows at most; nil for the default.
  public var limit: Int?
  /// Rows printed when no limit is given and the view is long.
  public static let defaultLimit = 50

  /// How many rows `list` and `search` print without N to `output`: every one for a
  /// program (json or csv into a pipe or file), which would otherwise get a part of the
  /// data and no error; at a terminal, a screen's worth.
  static func defaultLimit(for output: Output) -> Int {
    output.mode.isMachineReadable && !output.isTerminal ? .max : defaultLimit
  }

  public static let spec = CommandSpec(
    name: "list", aliases: ["ls"], usage: "list [N|all]",
    summary: "list what is in view, numbered for 'show N' and 'fav N'",
    details: """
      Lists the records of the current collection that pass the active filters and
      search, in the active order, with ★ beside favourites. Without N, at most
      \(defaultLimit) rows are printed; in json and csv modes into a pipe or file, all.
      """,
    examples: ["list", "list 5", "list all"],
    completion: .word(["all"], then: .nothing))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    if arguments.peek()?.text.lowercased() == "all" {
      _ = arguments.next()
      limit = .max
    } else if let word = arguments.peek(), word.text.first?.isLetter == true {
      // A word, not a number: the misspelled 'all' (`list al`).
      throw ShellError(
        .notANumber(command: "list", what: "a number of rows or 'all'", got: word.text), at: word)
    } else if arguments.peek() != nil {
      limit = try arguments.number(command: "list", what: "a number of rows", example: "list 5")
    }
    try arguments.expectEnd(command: "list", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init(limit: Int?) {
    self.limit = limit
  }

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    let view = collection.viewIndices()
    guard !view.isEmpty else {
      collection.lastListedIDs = []
      if collection.records.isEmpty, Record.kind == .categories {
        context.output.line("no categories — 'category add NAME [ICON]' adds one")
      } else {
        context.output.line("nothing to list — \(collection.viewSummary(count: 0))")
      }
      // A program reading the data still gets a list: `[]`, or CSV's header row.
      if context.output.mode.isMachineReadable { try collection.printRows([], context: context) }
      return
    }
    let rows = collection.rows(
      at: view.prefix(limit ?? Self.defaultLimit(for: context.output)))
    try collection.printRows(rows, total: limit == nil ? view.count : nil, context: context)
  }
}
