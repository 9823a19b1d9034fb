/// An order for a collection's records.
public struct RecordSort: Hashable, Sendable {
  /// What to sort by.
  public var field: RecordField
  /// Smallest (or A, or oldest) first.
  public var ascending: Bool

  /// Creates an order.
  public init(field: RecordField, ascending: Bool) {
    self.field = field
    self.ascending = ascending
  }

  /// Whether `lhs` comes before `rhs`; nil for a tie (the data's order then holds).
  func orders<Record: CollectionRecord>(_ lhs: Record, before rhs: Record) -> Bool? {
    let left = lhs.sortValue(of: field)
    let right = rhs.sortValue(of: field)
    if left == right { return nil }
    return ascending ? left < right : right < left
  }

  /// `amount ascending`.
  public var description: String {
    "\(field.label) \(ascending ? "ascending" : "descending")"
  }
}
