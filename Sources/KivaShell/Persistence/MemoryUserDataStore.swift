/// A store that keeps everything in memory: for `--no-persist`, for tests, and for a run
/// whose database could not be opened.
public final class MemoryUserDataStore: UserDataStore {
  private var favorites: [String: [String: Bool]] = [:]
  private var categoryList: [Category]
  private var searches: [String: [String]] = [:]
  private var savedModels: [SavedModel] = []
  private var nextCategoryID: Int64
  private var stamp: Int64 = 0

  /// Creates a store holding the preset categories.
  public init() {
    categoryList = Category.presets.enumerated().map { index, preset in
      Category(id: Int64(index + 1), name: preset.name, icon: preset.icon)
    }
    nextCategoryID = Int64(categoryList.count + 1)
  }

  /// Creates a store holding what `store` holds: the favourites of `collections`, the
  /// categories (ids included), the searches and the models.
  public init(copying store: UserDataStore, collections: [String]) throws(StoreError) {
    categoryList = try store.categories()
    nextCategoryID = (categoryList.map(\.id).max() ?? 0) + 1
    for collection in collections {
      favorites[collection] = try store.favoriteStates(in: collection)
      searches[collection] = try store.recentSearches(
        in: collection, limit: Self.searchesKept)
    }
    savedModels = try store.models()
  }

  /// How many searches each collection keeps.
  static let searchesKept = 100

  public func favoriteStates(in collection: String) throws(StoreError) -> [String: Bool] {
    favorites[collection] ?? [:]
  }

  public func setFavorite(_ isFavorite: Bool, id: String, in collection: String) throws(StoreError)
  {
    favorites[collection, default: [:]][id] = isFavorite
    stamp += 1
  }

  public func categories() throws(StoreError) -> [Category] {
    categoryList
  }

  public func addCategory(name: String, icon: String) throws(StoreError) -> Category {
    try checkUnique(name, except: nil)
    let category = Category(id: nextCategoryID, name: name, icon: icon)
    nextCategoryID += 1
    categoryList.append(category)
    stamp += 1
    return category
  }

  public func renameCategory(id: Int64, to name: String) throws(StoreError) {
    guard let index = categoryList.firstIndex(where: { $0.id == id }) else {
      throw .unknownCategory(id)
    }
    try checkUnique(name, except: id)
    categoryList[index].name = name
    stamp += 1
  }

  public func deleteCategory(id: Int64) throws(StoreError) {
    guard let index = categoryList.firstIndex(where: { $0.id == id }) else {
      throw .unknownCategory(id)
    }
    categoryList.remove(at: index)
    stamp += 1
  }

  public func recentSearches(in collection: String, limit: Int) throws(StoreError) -> [String] {
    Array((searches[collection] ?? []).prefix(max(0, limit)))
  }

  public func recordSearch(_ text: String, in collection: String) throws(StoreError) {
    var list = searches[collection] ?? []
    list.removeAll { $0.folded == text.folded }
    list.insert(text, at: 0)
    searches[collection] = Array(list.prefix(Self.searchesKept))
    stamp += 1
  }

  public func models() throws(StoreError) -> [SavedModel] {
    savedModels
  }

  public func saveModel(_ model: SavedModel) throws(StoreError) {
    if let index = savedModels.firstIndex(where: { $0.name == model.name }) {
      savedModels[index] = model
    } else {
      savedModels.append(model)
    }
    stamp += 1
  }

  public func deleteModel(named name: String) throws(StoreError) {
    savedModels.removeAll { $0.name == name }
    stamp += 1
  }

  public func changeStamp() throws(StoreError) -> Int64 {
    stamp
  }

  private func checkUnique(_ name: String, except id: Int64?) throws(StoreError) {
    let folded = name.folded
    if let existing = categoryList.first(where: { $0.id != id && $0.name.folded == folded }) {
      throw .duplicateName(name, existing: existing.name)
    }
  }
}
