/// The filters active on the loans; they combine (all must hold).
public struct LoanFilters: Equatable, Sendable {
  /// Only loans whose amount is strictly below this ("Show loan amount below $N").
  public var maxAmount: Int?
  /// Only loans whose amount is at least this.
  public var minAmount: Int?
  /// Only loans from this country (compared folded).
  public var country: String?
  /// Only loans in this sector (compared folded).
  public var sector: String?
  /// Only favourites.
  public var favoritesOnly = false

  /// Creates filters; none are active by default.
  public init(
    maxAmount: Int? = nil, minAmount: Int? = nil, country: String? = nil, sector: String? = nil,
    favoritesOnly: Bool = false
  ) {
    self.maxAmount = maxAmount
    self.minAmount = minAmount
    self.country = country
    self.sector = sector
    self.favoritesOnly = favoritesOnly
  }

  /// Whether no filter is active.
  public var isEmpty: Bool { self == LoanFilters() }

  /// Whether `loan` passes every active filter.
  func admits(_ loan: Loan, isFavorite: Bool) -> Bool {
    if let maxAmount, loan.amount >= maxAmount { return false }
    if let minAmount, loan.amount < minAmount { return false }
    if let country, loan.country.folded != country.folded { return false }
    if let sector, loan.sector.folded != sector.folded { return false }
    if favoritesOnly && !isFavorite { return false }
    return true
  }

  /// The active filters in words: `below $500`, `from Kenya`.
  public var phrases: [String] {
    var phrases: [String] = []
    if let minAmount { phrases.append("of \(Money.dollars(minAmount)) or more") }
    if let maxAmount { phrases.append("below \(Money.dollars(maxAmount))") }
    if let country { phrases.append("from \(country)") }
    if let sector { phrases.append("in \(sector)") }
    if favoritesOnly { phrases.append("marked favourite") }
    return phrases
  }

  /// The active filters as short badges for the prompt: `<$500`, `Kenya`.
  public var badges: [String] {
    var badges: [String] = []
    if let minAmount { badges.append(">=\(Money.dollars(minAmount))") }
    if let maxAmount { badges.append("<\(Money.dollars(maxAmount))") }
    if let country { badges.append(country) }
    if let sector { badges.append(sector) }
    if favoritesOnly { badges.append("★") }
    return badges
  }
}
