/// The collections of the store, which `use` switches between.
public enum CollectionKind: String, CaseIterable, Sendable {
  case loans, landmarks, restaurants, categories

  /// The names, in `use` order.
  public static var names: [String] { allCases.map(\.rawValue) }

  /// The record type's filter fields.
  public var filterFields: [RecordField] {
    switch self {
    case .loans: Loan.filterFields
    case .landmarks: Landmark.filterFields
    case .restaurants: Restaurant.filterFields
    case .categories: Category.filterFields
    }
  }

  /// The record type's sort fields.
  public var sortFields: [RecordField] {
    switch self {
    case .loans: Loan.sortFields
    case .landmarks: Landmark.sortFields
    case .restaurants: Restaurant.sortFields
    case .categories: Category.sortFields
    }
  }

  /// Whether its records can be favourites.
  public var supportsFavorites: Bool {
    switch self {
    case .loans: Loan.supportsFavorites
    case .landmarks: Landmark.supportsFavorites
    case .restaurants: Restaurant.supportsFavorites
    case .categories: Category.supportsFavorites
    }
  }

  /// The collections that filter by `field`.
  public static func filtering(by field: RecordField) -> [CollectionKind] {
    allCases.filter { $0.filterFields.contains(field) }
  }

  /// The collections whose records can be favourites.
  public static var withFavorites: [CollectionKind] {
    allCases.filter(\.supportsFavorites)
  }
}
