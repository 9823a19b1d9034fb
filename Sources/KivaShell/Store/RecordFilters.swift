/// The filters active on a collection; they combine (all must hold).
public struct RecordFilters: Equatable, Sendable {
  /// Only records whose amount is strictly below this ("Show loan amount below $N").
  public var maxAmount: Int?
  /// Only records whose amount is at least this.
  public var minAmount: Int?
  /// Only records whose field has this value (compared folded): country, sector, state…
  public var values: [RecordField: String] = [:]
  /// Only favourites (the tutorial's "Show Favorites Only").
  public var favoritesOnly = false

  /// Creates filters; none are active by default.
  public init(
    maxAmount: Int? = nil, minAmount: Int? = nil, values: [RecordField: String] = [:],
    favoritesOnly: Bool = false
  ) {
    self.maxAmount = maxAmount
    self.minAmount = minAmount
    self.values = values
    self.favoritesOnly = favoritesOnly
  }

  /// Whether no filter is active.
  public var isEmpty: Bool { self == RecordFilters() }

  /// Whether `record` passes every active filter.
  func admits<Record: CollectionRecord>(_ record: Record, isFavorite: Bool) -> Bool {
    if let maxAmount, (record.amountInDollars ?? 0) >= maxAmount { return false }
    if let minAmount, (record.amountInDollars ?? 0) < minAmount { return false }
    for (field, value) in values where record.text(of: field)?.folded != value.folded {
      return false
    }
    return !favoritesOnly || isFavorite
  }

  /// The value filters in a stable order.
  private var orderedValues: [(field: RecordField, value: String)] {
    RecordField.allCases.compactMap { field in values[field].map { (field, $0) } }
  }

  /// The active filters in words: `below $500`, `from Kenya`.
  public var phrases: [String] {
    var phrases: [String] = []
    if let minAmount { phrases.append("of \(Money.dollars(minAmount)) or more") }
    if let maxAmount { phrases.append("below \(Money.dollars(maxAmount))") }
    for (field, value) in orderedValues {
      switch field {
      case .country: phrases.append("from \(value)")
      case .sector, .state: phrases.append("in \(value)")
      default: phrases.append("of \(field.label) \(value)")
      }
    }
    if favoritesOnly { phrases.append("marked favourite") }
    return phrases
  }

  /// The active filters as short badges for the prompt: `<$500`, `Kenya`, `★`.
  public var badges: [String] {
    var badges: [String] = []
    if let minAmount { badges.append(">=\(Money.dollars(minAmount))") }
    if let maxAmount { badges.append("<\(Money.dollars(maxAmount))") }
    badges += orderedValues.map(\.value)
    if favoritesOnly { badges.append("★") }
    return badges
  }
}
