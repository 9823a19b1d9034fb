extension Restaurant: CollectionRecord {
  public static let kind = CollectionKind.restaurants
  public static let noun = "restaurant"
  public static let filterFields: [RecordField] = [.type]
  public static let sortFields: [RecordField] = [.name, .type, .location]
  public static let searchFields: [RecordField] = [.name, .type, .location]
  public static let suggestionFields: [RecordField] = [.type, .name]
  /// The tutorial's search suggestions before anything is typed.
  public static let starters = ["Cafe", "Thai"]

  public static let columns: [RecordColumn<Restaurant>] = [
    RecordColumn("name") { $0.name },
    RecordColumn("type", maxWidth: 24) { $0.type },
    RecordColumn("location", maxWidth: 60, isFlexible: true) { $0.location },
  ]

  public static let exportFields: [RecordExportField<Restaurant>] = [
    RecordExportField("name") { $0.name },
    RecordExportField("type") { $0.type },
    RecordExportField("location") { $0.location },
    RecordExportField("phone") { $0.phone },
    RecordExportField("isFavorite") { String($0.isFavorite) },
  ]

  /// Restaurants have no id in the data; their names are unique.
  public var recordID: String { name }
  public static var identityName: String { "name" }
  public var isFavoriteByDefault: Bool { isFavorite }

  public func markedFavorite(_ isFavorite: Bool) -> Self {
    var marked = self
    marked.isFavorite = isFavorite
    return marked
  }

  public func text(of field: RecordField) -> String? {
    switch field {
    case .name: name
    case .type: type
    case .location: location
    case .phone: phone
    default: nil
    }
  }

  public var details: [(label: String, value: String)] {
    [("type", type), ("location", location), ("phone", phone)]
  }

  public var summary: String { "\(name) (\(type))" }
}
