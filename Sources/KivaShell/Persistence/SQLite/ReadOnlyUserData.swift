import CSQLite
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The user's data read from a database kivash cannot write (a read-only file or folder),
/// into memory: shown as saved, while what changes this run is not kept.
enum ReadOnlyUserData {
  /// A memory store holding what the database at `fileURL` holds. Throws when it cannot
  /// be read, is damaged, is locked, or has a schema other than this kivash's own (an
  /// older one would need the migration it cannot write).
  static func copy(at fileURL: URL) throws(StoreError) -> MemoryUserDataStore {
    let path = fileURL.path
    // A folder nobody may write into leaves SQLite no room for the files through which
    // readers share locks: read such a database as unchanging (no other kivash can have
    // written it either).
    let folderIsWritable = access(fileURL.deletingLastPathComponent().path, W_OK) == 0
    do {
      let connection = try SQLiteConnection(readingOnly: path, immutable: !folderIsWritable)
      try DatabaseSetup.checkSound(connection)
      let version = try connection.integer("PRAGMA user_version") ?? 0
      guard version == UserDataSchema.latestVersion else {
        throw SQLiteError(code: SQLITE_READONLY, message: "its schema needs updating")
      }
      return try MemoryUserDataStore(
        copying: SQLiteUserDataStore(connection: connection), collections: CollectionKind.names)
    } catch let error as SQLiteError {
      throw StoreError(error)
    } catch let error as StoreError {
      throw error
    } catch {
      throw .failed("\(error)")
    }
  }
}
