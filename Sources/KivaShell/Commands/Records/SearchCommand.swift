import Foundation

/// `search TEXT`: keeps the records whose searched fields contain every word.
public struct SearchCommand: CollectionCommand {
  public static var savesUserData: Bool { true }

  /// The text to search for; "" clears the search.
  public var text: String

  public static let spec = CommandSpec(
    name: "search", usage: "search [TEXT]",
    summary: "search names and places (case and accents ignored)",
    details: """
      Lists what contains every word of TEXT, ignoring case, accents and apostrophes:
      'search PHEAP' finds Pheap's Group, 'search mareme' would find Marème, 'search
      duc' Đức. Loans are searched by name, country and town; landmarks by name, park,
      city and state; restaurants by name, type and location; categories by name and
      icon. The search combines with the filters and stays until the next search;
      'search' alone clears it. It lists the first \(ListCommand.defaultLimit) matches (in json
      and csv modes into a pipe or file, all of them). TAB after 'search ' offers earlier searches, then
      suggestions.
      """,
    examples: ["search kenya", "search PHEAP", "search"],
    completion: .value(.searchSuggestions))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    // The search matches words: spaces around them change nothing, and spaces alone
    // clear the search as nothing does (rather than showing as a blank search).
    text = (arguments.rest()?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Creates the command.
  public init(text: String) {
    self.text = text
  }

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    // Apostrophes and the like fold to nothing: such a search would find everything.
    if !text.isEmpty, text.folded.allSatisfy(\.isWhitespace) {
      throw ShellError(
        .notANumber(command: "search", what: "letters or digits to look for", got: text))
    }
    collection.searchText = text
    guard !text.isEmpty else {
      context.output.line("search cleared; \(collection.viewSummary())")
      return
    }
    let view = collection.viewIndices()
    guard !view.isEmpty else {
      collection.lastListedIDs = []
      context.output.line("no \(Record.pluralNoun) match — \(collection.viewSummary(count: 0))")
      // A program reading the data still gets a list: `[]`, or CSV's header row.
      if context.output.mode.isMachineReadable { try collection.printRows([], context: context) }
      return
    }
    // Only searches that found something are worth suggesting again, and only those
    // short enough to be typed again (not a paste), unless typed to leave no trace.
    if !context.leavesNoTrace, text.count <= RecentSearches.longestKept {
      collection.recentSearches.record(text)
      do {
        try context.store.recordSearch(text, in: Record.kind.rawValue)
      } catch {
        context.output.warning("search not saved: \(error.message)")
      }
    }
    let rows = collection.rows(at: view.prefix(ListCommand.defaultLimit(for: context.output)))
    try collection.printRows(rows, total: view.count, context: context)
  }
}
