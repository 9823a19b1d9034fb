import Foundation

/// Where the user's data lives by default.
public enum UserDataLocation {
  /// The database file's name inside the data folder.
  public static let fileName = "kivash.sqlite3"
  /// The data folder's name inside the data home.
  static let folderName = "kivash"
  /// How help texts name the data folder: `$XDG_DATA_HOME/kivash`.
  public static let displayFolder = XDGBaseDirectory.data.displayPath(folderName)
  /// How help texts name the database: `$XDG_DATA_HOME/kivash/kivash.sqlite3`.
  public static let displayPath = "\(displayFolder)/\(fileName)"

  /// `$KIVASH_DATA_DIR/kivash.sqlite3` when that is set (set but empty: nowhere, nil);
  /// otherwise `$XDG_DATA_HOME/kivash/kivash.sqlite3` when that is an absolute path (the
  /// XDG spec ignores relative ones); otherwise `$HOME/.local/share/kivash/kivash.sqlite3`;
  /// nil without a usable `HOME`.
  public static func defaultFileURL(environment: [String: String]) -> URL? {
    if let folder = environment["KIVASH_DATA_DIR"] {
      guard !folder.isEmpty else { return nil }
      return URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(fileName)
    }
    return XDGBaseDirectory.data.url("\(folderName)/\(fileName)", environment: environment)
  }
}
