import Foundation

extension Landmark: CollectionRecord {
  public static let kind = CollectionKind.landmarks
  public static let noun = "landmark"
  public static let filterFields: [RecordField] = [.category, .state]
  public static let sortFields: [RecordField] = [.name, .park, .state, .category]
  public static let searchFields: [RecordField] = [.name, .park, .city, .state]
  public static let suggestionFields: [RecordField] = [.state, .category, .name, .park, .city]

  public static let columns: [RecordColumn<Landmark>] = [
    RecordColumn("name") { $0.name },
    RecordColumn("park", maxWidth: 40, isFlexible: true) { $0.park },
    RecordColumn("state", maxWidth: 16) { $0.state },
    RecordColumn("category", maxWidth: 10) { $0.category.rawValue },
  ]

  public static let exportFields: [RecordExportField<Landmark>] = [
    RecordExportField("id") { String($0.id) },
    RecordExportField("name") { $0.name },
    RecordExportField("park") { $0.park },
    RecordExportField("city") { $0.city },
    RecordExportField("state") { $0.state },
    RecordExportField("category") { $0.category.rawValue },
    RecordExportField("latitude") { String($0.coordinates.latitude) },
    RecordExportField("longitude") { String($0.coordinates.longitude) },
    RecordExportField("isFeatured") { String($0.isFeatured) },
    RecordExportField("isFavorite") { String($0.isFavorite) },
  ]

  public var recordID: String { String(id) }
  public static let hasPositions = true
  public var position: (latitude: Double, longitude: Double)? {
    // As for loans: coordinates off the globe (a file may say anything) are not placed.
    guard abs(coordinates.latitude) <= 90, abs(coordinates.longitude) <= 180 else { return nil }
    return (coordinates.latitude, coordinates.longitude)
  }
  public var isFavoriteByDefault: Bool { isFavorite }

  public func markedFavorite(_ isFavorite: Bool) -> Self {
    var marked = self
    marked.isFavorite = isFavorite
    return marked
  }

  public func text(of field: RecordField) -> String? {
    switch field {
    case .name: name
    case .park: park
    case .city: city
    case .state: state
    case .category: category.rawValue
    case .featured: isFeatured ? "yes" : "no"
    default: nil
    }
  }

  public var details: [(label: String, value: String)] {
    [
      ("park", park),
      ("city", city),
      ("state", state),
      ("category", category.rawValue),
      ("coordinates", Self.format(coordinates)),
      ("featured", isFeatured ? "yes" : "no"),
      ("description", description),
    ]
  }

  public var summary: String { "\(name) (\(park), \(state))" }

  private static func format(_ coordinates: Coordinates) -> String {
    let latitude = String(
      format: "%.4f° %@", abs(coordinates.latitude), coordinates.latitude < 0 ? "S" : "N")
    let longitude = String(
      format: "%.4f° %@", abs(coordinates.longitude), coordinates.longitude < 0 ? "W" : "E")
    return "\(latitude), \(longitude)"
  }
}
