/// An inventory category, as the inventory tutorial keeps them: a name and the name
/// of the SF Symbol that stands for it.
public struct Category: Codable, Equatable, Sendable, Identifiable {
  /// Stable identity, kept when the category is renamed.
  public var id: Int64
  /// The name, unique among categories regardless of case.
  public var name: String
  /// The SF Symbol name, e.g. `desktopcomputer`.
  public var icon: String

  /// Creates a category.
  public init(id: Int64, name: String, icon: String) {
    self.id = id
    self.name = name
    self.icon = icon
  }

  /// The categories a new inventory starts with.
  public static let presets: [(name: String, icon: String)] = [
    ("Electronics", "desktopcomputer"),
    ("Clothing", "tshirt"),
    ("Books", "book"),
    ("Kitchen", "fork.knife"),
    ("Tools", "hammer"),
    ("Garden", "leaf"),
    ("Toys", "teddybear"),
    ("Sports", "sportscourt"),
  ]

  /// The icon a category gets when none is given.
  public static let defaultIcon = "folder"
}
