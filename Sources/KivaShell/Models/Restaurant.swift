/// A restaurant of the FoodPin app.
public struct Restaurant: Codable, Equatable, Sendable {
  public var name: String
  public var type: String
  public var location: String
  public var phone: String
  public var image: String?
  public var isFavorite: Bool
}
