/// What the user marks or creates, kept across runs and shared by shells open at the
/// same time: favourites, categories, searches and the lab's models. Every method that changes
/// something commits it (one transaction) before it returns.
public protocol UserDataStore: AnyObject {
  /// The favourite states set in `collection`, by item id: true marked, false unmarked.
  /// Items the user never touched are absent (their data's own state applies).
  func favoriteStates(in collection: String) throws(StoreError) -> [String: Bool]
  /// Records that item `id` of `collection` is, or is no longer, a favourite.
  func setFavorite(_ isFavorite: Bool, id: String, in collection: String) throws(StoreError)

  /// The categories, in the order they were added.
  func categories() throws(StoreError) -> [Category]
  /// Adds a category at the end; `.duplicateName` if the name exists, ignoring case.
  func addCategory(name: String, icon: String) throws(StoreError) -> Category
  /// Renames a category; `.duplicateName` if another has that name, `.unknownCategory` if gone.
  func renameCategory(id: Int64, to name: String) throws(StoreError)
  /// Deletes a category; `.unknownCategory` if it is already gone.
  func deleteCategory(id: Int64) throws(StoreError)

  /// The searches made in `collection`, most recent first, without repeats (ignoring case).
  func recentSearches(in collection: String, limit: Int) throws(StoreError) -> [String]
  /// Records a search made in `collection`.
  func recordSearch(_ text: String, in collection: String) throws(StoreError)

  /// The models defined in the Codable lab, as model-language source, in the order defined.
  func models() throws(StoreError) -> [SavedModel]
  /// Saves a model's source under its name (replacing one of that name, in its place).
  func saveModel(_ model: SavedModel) throws(StoreError)
  /// Forgets the model called `name` (nothing happens if there is none).
  func deleteModel(named name: String) throws(StoreError)

  /// A number that changes whenever anyone (this or another process) commits a change:
  /// when it is unchanged, nothing needs re-reading.
  func changeStamp() throws(StoreError) -> Int64

  /// Puts what this run saved into the store's main file, as the run ends, so that a copy
  /// of that file alone holds it (SQLite keeps commits in its write-ahead log until then).
  /// Best effort: what it cannot do now is done by the next run that opens the store.
  func settle()
}

/// A model of the Codable lab as it is kept: its name and its source.
public struct SavedModel: Equatable, Sendable {
  /// The model's name.
  public var name: String
  /// Its definition in the model language.
  public var source: String

  /// Creates a saved model.
  public init(name: String, source: String) {
    self.name = name
    self.source = source
  }
}

/// Why the store could not do what was asked.
public enum StoreError: Error, Equatable, Sendable {
  /// A category with this name (ignoring case, accents and apostrophes) exists already:
  /// the name asked for, and the existing category's.
  case duplicateName(String, existing: String)
  /// No category has this id (another shell may have deleted it).
  case unknownCategory(Int64)
  /// The database failed: locked past the timeout, disk full, damaged… (the message says).
  case failed(String)
}

extension StoreError {
  /// Says that `name` is taken by the category `existing`, and why when they differ.
  static func duplicate(_ name: String, existing: String) -> String {
    let taken = "a category named '\(ShellError.Kind.clipped(existing))' exists already"
    guard name != existing else { return taken }
    return taken
      + " ('\(ShellError.Kind.clipped(name))' counts as the same name: names ignore case, accents and apostrophes)"
  }
}

extension UserDataStore {
  /// Nothing to do for a store that keeps no files.
  public func settle() {}
}
