/// What the shell needs to know of a record type to list, show, search, filter, sort
/// and mark favourite its records, whatever the collection.
public protocol CollectionRecord: Sendable, Encodable {
  /// The collection these records make up.
  static var kind: CollectionKind { get }
  /// The columns of `list` after the row number and the ★.
  static var columns: [RecordColumn<Self>] { get }
  /// The fields of the CSV and `lines` output, in order.
  static var exportFields: [RecordExportField<Self>] { get }
  /// The fields `filter FIELD VALUE` accepts (and `filter max|min` when `amount` is one).
  static var filterFields: [RecordField] { get }
  /// The fields `sort` accepts.
  static var sortFields: [RecordField] { get }
  /// The fields search looks in.
  static var searchFields: [RecordField] { get }
  /// The fields whose values suggestions and completion offer, most useful first.
  static var suggestionFields: [RecordField] { get }
  /// Suggestions offered before anything is typed (the tutorial's "Cafe", "Thai");
  /// when empty, the commonest values of the first two suggestion fields stand in.
  static var starters: [String] { get }
  /// Whether records can be marked favourite.
  static var supportsFavorites: Bool { get }
  /// What one record is called: "loan", "landmark".
  static var noun: String { get }
  /// What several are called: "loans", "categories".
  static var pluralNoun: String { get }

  /// A stable identity, kept across runs (favourites are keyed by it).
  var recordID: String { get }
  /// What `recordID` is made of, as a user would say it: "id", or "name" for records
  /// that have no id of their own (FoodPin's restaurants).
  static var identityName: String { get }
  /// The record's name.
  var name: String { get }
  /// Whether the data itself marks the record favourite.
  var isFavoriteByDefault: Bool { get }
  /// The record with its data's favourite mark set to `isFavorite` (the user's choice),
  /// for printing and exporting it; the record itself when its data has no such mark.
  func markedFavorite(_ isFavorite: Bool) -> Self
  /// The value of a field, as text; nil when absent.
  func text(of field: RecordField) -> String?
  /// The value of a field for sorting.
  func sortValue(of field: RecordField) -> SortValue
  /// The amount of money, for `filter max|min`; nil for records without one.
  var amountInDollars: Int? { get }
  /// Every detail, for `show N`.
  var details: [(label: String, value: String)] { get }
  /// A short description for messages: `Stephen (Kenya, $375)`.
  var summary: String { get }
  /// Whether the records have a place on the map (`map`).
  static var hasPositions: Bool { get }
  /// Where the record is, in degrees; nil when unknown.
  var position: (latitude: Double, longitude: Double)? { get }
}

extension CollectionRecord {
  public static var starters: [String] { [] }
  public static var pluralNoun: String { noun + "s" }
  public static var supportsFavorites: Bool { true }
  public static var identityName: String { "id" }
  public var isFavoriteByDefault: Bool { false }
  public func markedFavorite(_ isFavorite: Bool) -> Self { self }
  public var amountInDollars: Int? { nil }
  public static var hasPositions: Bool { false }
  public var position: (latitude: Double, longitude: Double)? { nil }

  public func sortValue(of field: RecordField) -> SortValue {
    text(of: field).map { .text($0.folded) } ?? .missing
  }

  /// `count` records: `1 landmark`, `12 landmarks`.
  public static func count(_ count: Int) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(pluralNoun)"
  }
}

/// A column of the `list` table.
public struct RecordColumn<Record>: Sendable {
  /// The header.
  public var header: String
  /// The widest the column gets; longer values are cut with `…`.
  public var maxWidth: Int
  /// Whether the column gives way first when the terminal is narrow.
  public var isFlexible: Bool
  /// Whether values are right-aligned (amounts).
  public var alignsRight: Bool
  /// The value shown for a record.
  public var value: @Sendable (Record) -> String

  /// Creates a column.
  public init(
    _ header: String, maxWidth: Int = 24, isFlexible: Bool = false, alignsRight: Bool = false,
    value: @escaping @Sendable (Record) -> String
  ) {
    self.header = header
    self.maxWidth = maxWidth
    self.isFlexible = isFlexible
    self.alignsRight = alignsRight
    self.value = value
  }
}
