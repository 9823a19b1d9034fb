/// The loans in memory and what narrows them: filters, search, order, favourites.
///
/// A value type: a command works on a copy and the shell keeps it only when the
/// command succeeds, so a failed command changes nothing.
public struct LoanCollection: Sendable {
  /// Every loan loaded, in the response's order.
  public private(set) var loans: [Loan] = []
  /// Where the loans came from, for messages: `the built-in snapshot (2012-06-12)`.
  public private(set) var sourceName = "nothing yet"
  /// The paging object of the response, if it had one.
  public private(set) var paging: Paging?
  /// Distinct values of the data, for suggestions and completion.
  public private(set) var vocabulary = Vocabulary()
  /// Folded name, country and town of each loan, prepared once at load for search.
  private var searchKeys: [String] = []

  /// The active filters.
  public var filters = LoanFilters()
  /// The active search text ("" for none).
  public var searchText = ""
  /// The active order (nil: as the response ordered them).
  public var sort: LoanSort?
  /// Ids of the loans marked favourite; kept across fetches.
  public var favoriteIDs: Set<Int> = []

  /// Creates an empty collection.
  public init() {}

  /// Replaces the loans with those of `store`.
  public mutating func load(_ store: LoanStore, from sourceName: String) {
    loans = store.loans
    paging = store.paging
    self.sourceName = sourceName
    vocabulary = Vocabulary(store.loans)
    countries = Self.distinct(store.loans.map(\.country))
    sectors = Self.distinct(store.loans.map(\.sector))
    searchKeys = store.loans.map { loan in
      [loan.name, loan.country, loan.town ?? ""].joined(separator: "\n").folded
    }
  }

  /// Whether the loan is a favourite.
  public func isFavorite(_ loan: Loan) -> Bool {
    favoriteIDs.contains(loan.id)
  }

  /// The loans that pass the filters and the search, in the active order.
  public func view() -> [Loan] {
    let words = searchText.folded.split(whereSeparator: \.isWhitespace)
    var result: [Loan] = []
    for (index, loan) in loans.enumerated()
    where filters.admits(loan, isFavorite: isFavorite(loan))
      && (words.isEmpty || searchKeys[index].matchesAllWords(ofFolded: words))
    {
      result.append(loan)
    }
    if let sort {
      // Sort positions too so that ties keep the response's order (a stable sort).
      result = result.enumerated().sorted { lhs, rhs in
        sort.orders(lhs.element, before: rhs.element) ?? (lhs.offset < rhs.offset)
      }.map(\.element)
    }
    return result
  }

  /// The loan with this id, if loaded.
  public func loan(withID id: Int) -> Loan? {
    loans.first { $0.id == id }
  }

  /// Every distinct country of the loaded loans, most loans first.
  public private(set) var countries: [String] = []
  /// Every distinct sector of the loaded loans, most loans first.
  public private(set) var sectors: [String] = []

  private static func distinct(_ values: [String]) -> [String] {
    var counts: [String: Int] = [:]
    for value in values { counts[value, default: 0] += 1 }
    return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
  }
}
