/// A landmark of the SwiftUI tutorial: a place in a park, with its coordinates.
public struct Landmark: Codable, Equatable, Sendable, Identifiable {
  public var id: Int
  public var name: String
  public var park: String
  public var state: String
  public var city: String
  public var category: Category
  public var coordinates: Coordinates
  public var description: String
  public var isFavorite: Bool
  public var isFeatured: Bool
  public var imageName: String?

  /// The tutorial's three kinds of landmark.
  public enum Category: String, Codable, CaseIterable, Sendable {
    case lakes = "Lakes"
    case rivers = "Rivers"
    case mountains = "Mountains"
  }

  /// Where the landmark is, in degrees.
  public struct Coordinates: Codable, Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double
  }
}

extension Landmark: RecordFieldChoices {
  static func choices(forKey key: String) -> [String]? {
    key == CodingKeys.category.stringValue ? Category.allCases.map(\.rawValue) : nil
  }
}
