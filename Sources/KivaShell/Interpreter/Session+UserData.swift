extension Session {
  /// Brings favourites, categories and recent searches up to date with the store:
  /// other shells' committed changes show at this shell's next command.
  public mutating func refresh(from store: UserDataStore) throws(StoreError) {
    loans.favoriteOverrides = try store.favoriteStates(in: CollectionKind.loans.rawValue)
    landmarks.favoriteOverrides = try store.favoriteStates(in: CollectionKind.landmarks.rawValue)
    restaurants.favoriteOverrides = try store.favoriteStates(
      in: CollectionKind.restaurants.rawValue)
    loans.recentSearches = try Self.searches(in: .loans, store)
    landmarks.recentSearches = try Self.searches(in: .landmarks, store)
    restaurants.recentSearches = try Self.searches(in: .restaurants, store)
    categories.recentSearches = try Self.searches(in: .categories, store)
    try reloadCategoryRecords(from: store)
    reloadModels(from: try store.models())
  }

  /// Re-reads the categories after a change.
  mutating func reloadCategories(from store: UserDataStore) throws(ShellError) {
    do {
      try reloadCategoryRecords(from: store)
    } catch {
      throw ShellError(.saveFailed(error.message))
    }
  }

  private mutating func reloadCategoryRecords(from store: UserDataStore) throws(StoreError) {
    let records = try store.categories()
    if records != categories.records { categories.replaceRecords(with: records) }
  }

  private static func searches(in kind: CollectionKind, _ store: UserDataStore)
    throws(StoreError) -> RecentSearches
  {
    RecentSearches(try store.recentSearches(in: kind.rawValue, limit: RecentSearches.capacity))
  }
}

extension StoreError {
  /// The store's complaint in words.
  public var message: String {
    switch self {
    case .duplicateName(let name, let existing): Self.duplicate(name, existing: existing)
    case .unknownCategory(let id): "category \(id) is gone (deleted by another shell?)"
    case .failed(let reason): reason
    }
  }

  /// The shell error a failed category change becomes.
  var shellErrorKind: ShellError.Kind {
    switch self {
    case .duplicateName(let name, let existing): .duplicateCategory(name, existing: existing)
    case .unknownCategory: .saveFailed(message)
    case .failed(let reason): .saveFailed(reason)
    }
  }
}
