/// `search TEXT`: keeps the loans whose name, country or town contain every word.
public struct SearchCommand: ShellCommand {
  /// The text to search for; "" clears the search.
  public var text: String

  public static let spec = CommandSpec(
    name: "search", usage: "search [TEXT]",
    summary: "search names, countries and towns (case and accents ignored)",
    details: """
      Lists the loans whose name, country or town contain every word of TEXT,
      ignoring case and accents: 'search mareme' finds Marème. The search combines
      with the filters and stays until the next search; 'search' alone clears it.
      TAB after 'search ' offers earlier searches, then words from the data.
      """,
    examples: ["search kenya", "search mareme", "search"],
    completion: .value(.searchSuggestions))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    text = arguments.rest()?.text ?? ""
  }

  /// Creates the command.
  public init(text: String) {
    self.text = text
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    session.loans.searchText = text
    guard !text.isEmpty else {
      context.output.line("search cleared; \(session.viewSummary())")
      return
    }
    let view = session.loans.view()
    // Only searches that found something are worth suggesting again.
    if !view.isEmpty { session.recentSearches.record(text) }
    if view.isEmpty {
      session.lastListedIDs = []
      context.output.line("no loans match — \(session.viewSummary(count: 0))")
    } else {
      session.printRows(
        Array(view.prefix(ListCommand.defaultLimit)), total: view.count, output: context.output)
    }
  }
}
