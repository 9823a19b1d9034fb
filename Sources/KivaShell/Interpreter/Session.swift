/// Everything a shell session holds: the four collections, which one is current,
/// and what each is narrowed to.
public struct Session: Sendable {
  /// The collection the commands work on.
  public var current = CollectionKind.loans
  /// Kiva loans.
  public var loans = RecordCollection<Loan>()
  /// The SwiftUI tutorial's landmarks.
  public var landmarks = RecordCollection<Landmark>()
  /// The FoodPin restaurants.
  public var restaurants = RecordCollection<Restaurant>()
  /// The inventory categories.
  public var categories = RecordCollection<Category>()
  /// The Codable lab's models: the built-in ones and those defined or inferred.
  public var models = BuiltInModels.library
  /// What `set` changes.
  public var settings = Settings()
  /// Set by `quit`.
  public var wantsToQuit = false
  /// The lesson step shown last, which `lesson next` and `lesson back` go on from.
  public var lessonStep: Int?

  /// Creates a session with no data loaded.
  public init() {}

  /// Takes the rows `other` last listed, in every collection where they differ: after a
  /// command that Ctrl-C stopped while its list was shown, whose other changes are
  /// dropped, row N is still the row N the person saw.
  mutating func keepRowNumbers(of other: Session) {
    loans.takeRowNumbers(of: other.loans)
    landmarks.takeRowNumbers(of: other.landmarks)
    restaurants.takeRowNumbers(of: other.restaurants)
    categories.takeRowNumbers(of: other.categories)
  }

  /// Creates a session holding the built-in data of every collection.
  public static func withBuiltInData() -> Session {
    var session = Session()
    if let store = try? LoanLoader.decode(BuiltInData.loans, from: BuiltInData.loansName) {
      session.loans.load(store.loans, from: BuiltInData.loansName, paging: store.paging)
    }
    // The fast decoder starts quicker than JSONDecoder, whose first use costs milliseconds.
    let decoder = FastJSONDecoder()
    if let landmarks = try? decoder.decode([Landmark].self, from: BuiltInData.landmarks) {
      session.landmarks.load(landmarks, from: BuiltInData.name)
    }
    if let restaurants = try? decoder.decode([Restaurant].self, from: BuiltInData.restaurants) {
      session.restaurants.load(restaurants, from: BuiltInData.name)
    }
    let presets = Category.presets.enumerated().map { index, preset in
      Category(id: Int64(index + 1), name: preset.name, icon: preset.icon)
    }
    session.categories.load(presets, from: "the preset categories")
    return session
  }

  /// The prompt: the collection and, in brackets, its active filters and search:
  /// `loans[<$500 "kenya"]> `. A search longer than `promptSearchWidth` columns is
  /// clipped there, so that the prompt leaves room to type.
  public var prompt: String {
    struct Badges: CollectionVisitor {
      func visit<Record>(_ collection: inout RecordCollection<Record>) -> [String] {
        var badges = collection.filters.badges
        if !collection.searchText.isEmpty {
          let search = TextLayout.clip(collection.searchText, to: Session.promptSearchWidth)
          badges.append("\"\(search)\"")
        }
        return badges
      }
    }
    var copy = self
    let badges = (try? copy.visitCurrent(Badges())) ?? []
    let qualifier = badges.isEmpty ? "" : "[\(badges.joined(separator: " "))]"
    return "\(current.rawValue)\(qualifier)> "
  }

  /// The most columns of the search the prompt shows.
  public static let promptSearchWidth = 24
}
