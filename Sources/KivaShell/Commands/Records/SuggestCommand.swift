/// `suggest [PREFIX]`: search suggestions, as TAB after `search ` offers them.
public struct SuggestCommand: CollectionCommand {
  /// What the suggestions must start with; "" for starters.
  public var prefix: String

  public static let spec = CommandSpec(
    name: "suggest", usage: "suggest [PREFIX]",
    summary: "show search suggestions: recent searches, then words from the data",
    details: """
      With no PREFIX, shows recent searches and starters: the tutorial's "Cafe" and
      "Thai" for restaurants, the commonest values elsewhere. With PREFIX, the recent
      searches and data values (names, places, sectors, types…) that start with it,
      most frequent first. With filters active, the values are those of the records
      that pass them, as a search finds only those. Recent searches are those that
      found something, kept across runs (not those typed after a space, as history).
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

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    let suggestions = collection.suggestions(prefix: prefix)
    guard !suggestions.all.isEmpty else {
      context.output.line("no suggestions for '\(prefix)'")
      return
    }
    if !suggestions.recent.isEmpty {
      context.output.line(
        "recent: " + suggestions.recent.map { TextLayout.printable($0) }.joined(separator: " · "))
    }
    if !suggestions.popular.isEmpty {
      context.output.line(
        "popular: " + suggestions.popular.map { TextLayout.printable($0) }.joined(separator: " · "))
    }
  }
}
