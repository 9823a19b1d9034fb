import Foundation

/// Chooses the store a run uses.
public enum UserDataStores {
  /// The persistent store at the default location, or an in-memory one when `persist` is
  /// false, there is no location, or the database can't be opened; in that last case
  /// `warning` says why (without a `warning: ` prefix), e.g.
  /// `can't open '/home/me/.local/share/kivash/kivash.sqlite3': not an SQLite database;
  /// favourites, categories, searches and models will not be saved this run`.
  public static func open(
    environment: [String: String], persist: Bool
  ) -> (store: UserDataStore, warning: String?) {
    guard persist, let fileURL = UserDataLocation.defaultFileURL(environment: environment) else {
      return (MemoryUserDataStore(), nil)
    }
    return open(at: fileURL) { url throws(StoreError) in try SQLiteUserDataStore.open(at: url) }
  }

  /// The store `open` gives for the database at `fileURL`, from `openForWriting`: when that
  /// fails, what the file holds, read into memory (a read-only file or folder); else an
  /// empty memory store.
  static func open(
    at fileURL: URL, openForWriting: (URL) throws(StoreError) -> UserDataStore
  ) -> (store: UserDataStore, warning: String?) {
    do {
      return (try openForWriting(fileURL), nil)
    } catch {
      let path = fileURL.path
      if FileManager.default.fileExists(atPath: path),
        let copy = try? ReadOnlyUserData.copy(at: fileURL)
      {
        return (copy, readOnlyWarning(path: path, reason: error.reason))
      }
      return (MemoryUserDataStore(), warning(path: path, reason: error.reason))
    }
  }

  /// The warning for a database that could not be opened.
  static func warning(path: String, reason: String) -> String {
    "can't open '\(path)': \(reason); favourites, categories, searches and models will not be saved this run"
  }

  /// The warning for a database that could only be read.
  static func readOnlyWarning(path: String, reason: String) -> String {
    "can't write '\(path)': \(reason); your favourites, categories, searches and models are read from it, but changes will not be saved this run"
  }
}

extension StoreError {
  /// The error as a phrase to follow a colon.
  var reason: String {
    switch self {
    case .failed(let message): message
    case .duplicateName(let name, let existing): Self.duplicate(name, existing: existing)
    case .unknownCategory(let id): "no category has id \(id)"
    }
  }
}
