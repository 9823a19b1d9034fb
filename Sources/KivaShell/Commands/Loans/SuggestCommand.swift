/// `suggest [PREFIX]`: search suggestions, as TAB after `search ` offers them.
public struct SuggestCommand: ShellCommand {
  /// What the suggestions must start with; "" for starters.
  public var prefix: String

  public static let spec = CommandSpec(
    name: "suggest", usage: "suggest [PREFIX]",
    summary: "show search suggestions: recent searches, then words from the data",
    details: """
      With no PREFIX, shows recent searches and the most common countries and sectors
      to start from. With PREFIX, the recent searches and data values (names,
      countries, towns, sectors, activities) that start with it, most frequent first.
      """,
    examples: ["suggest", "suggest ke"],
    completion: .value(.searchSuggestions))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    prefix = arguments.rest()?.text ?? ""
  }

  /// Creates the command.
  public init(prefix: String) {
    self.prefix = prefix
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let suggestions = Suggestions(
      prefix: prefix, searches: session.recentSearches, vocabulary: session.loans.vocabulary)
    guard !suggestions.all.isEmpty else {
      context.output.line("no suggestions for '\(prefix)'")
      return
    }
    if !suggestions.recent.isEmpty {
      context.output.line("recent: " + suggestions.recent.joined(separator: " · "))
    }
    if !suggestions.popular.isEmpty {
      context.output.line("popular: " + suggestions.popular.joined(separator: " · "))
    }
  }
}
