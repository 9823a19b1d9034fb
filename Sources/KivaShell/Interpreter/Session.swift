/// Everything a shell session holds: the data, what narrows it, what was last listed.
public struct Session: Sendable {
  /// The collections `use` can switch to.
  public static let collectionNames = ["loans"]

  /// The current collection.
  public var collectionName = "loans"
  /// The loans and their filters, search, order and favourites.
  public var loans = LoanCollection()
  /// The ids of the loans as last listed: row N of `show N` and `fav N` is element N-1.
  public var lastListedIDs: [Int]?
  /// The searches made, for suggestions.
  public var recentSearches = RecentSearches()
  /// Set by `quit`.
  public var wantsToQuit = false

  /// Creates a session with no data loaded.
  public init() {}

  /// Creates a session holding the built-in snapshot.
  public static func withBuiltInSnapshot() -> Session {
    var session = Session()
    if let store = try? LoanLoader.decode(BuiltInSnapshot.data, from: BuiltInSnapshot.displayName) {
      session.loans.load(store, from: BuiltInSnapshot.displayName)
    }
    return session
  }

  /// The prompt: the collection and, in brackets, the active filters and search:
  /// `loans[<$500 "kenya"]> `.
  public var prompt: String {
    var badges = loans.filters.badges
    if !loans.searchText.isEmpty { badges.append("\"\(loans.searchText)\"") }
    let qualifier = badges.isEmpty ? "" : "[\(badges.joined(separator: " "))]"
    return "\(collectionName)\(qualifier)> "
  }

  /// The loan at a row of the last list; before any list, of the current view.
  public func loan(at row: RowReference) throws(ShellError) -> Loan {
    let ids = lastListedIDs ?? loans.view().map(\.id)
    let index = row.number - 1
    guard ids.indices.contains(index), let loan = loans.loan(withID: ids[index]) else {
      throw ShellError(
        .noSuchRow(row.number, rowCount: ids.count, listed: lastListedIDs != nil), at: row.token)
    }
    return loan
  }
}
