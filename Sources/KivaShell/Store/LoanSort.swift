import Foundation

/// An order for the loans.
public struct LoanSort: Equatable, Sendable {
  /// The fields loans can be sorted by.
  public enum Field: String, CaseIterable, Sendable {
    case amount, name, country, posted
  }

  /// What to sort by.
  public var field: Field
  /// Smallest (or A, or oldest) first.
  public var ascending: Bool

  /// Creates an order.
  public init(field: Field, ascending: Bool) {
    self.field = field
    self.ascending = ascending
  }

  /// Whether `lhs` comes before `rhs`; ties keep the response's order.
  func orders(_ lhs: Loan, before rhs: Loan) -> Bool? {
    let comparison: Bool?
    switch field {
    case .amount:
      comparison = lhs.amount == rhs.amount ? nil : lhs.amount < rhs.amount
    case .name:
      comparison = Self.compare(lhs.name.folded, rhs.name.folded)
    case .country:
      comparison = Self.compare(lhs.country.folded, rhs.country.folded)
    case .posted:
      let left = lhs.postedDate?.timeIntervalSince1970 ?? -.infinity
      let right = rhs.postedDate?.timeIntervalSince1970 ?? -.infinity
      comparison = left == right ? nil : left < right
    }
    return comparison.map { ascending ? $0 : !$0 }
  }

  private static func compare(_ lhs: String, _ rhs: String) -> Bool? {
    lhs == rhs ? nil : lhs < rhs
  }

  /// `amount ascending`.
  public var description: String {
    "\(field.rawValue) \(ascending ? "ascending" : "descending")"
  }
}
