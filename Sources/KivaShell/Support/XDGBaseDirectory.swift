import Foundation

/// One of the XDG base directories kivash keeps files in: the directory its environment
/// variable names when that is an absolute path (the specification ignores a relative
/// one), else its default under `$HOME`. Help texts name a path by the variable, from the
/// same constants the files are opened with.
struct XDGBaseDirectory: Sendable {
  /// `XDG_DATA_HOME`.
  let variable: String
  /// `.local/share`: where the directory is under `$HOME` without the variable.
  let defaultUnderHome: String

  /// Favourites, categories, searches and models.
  static let data = XDGBaseDirectory(variable: "XDG_DATA_HOME", defaultUnderHome: ".local/share")
  /// History.
  static let state = XDGBaseDirectory(
    variable: "XDG_STATE_HOME", defaultUnderHome: ".local/state")
  /// The init script.
  static let config = XDGBaseDirectory(variable: "XDG_CONFIG_HOME", defaultUnderHome: ".config")

  /// How help texts name `relativePath` in it: `$XDG_DATA_HOME/kivash`.
  func displayPath(_ relativePath: String) -> String {
    "$\(variable)/\(relativePath)"
  }

  /// `relativePath` in the directory for `environment`; nil when the variable is unset or
  /// relative and `HOME` is unset or empty.
  func url(_ relativePath: String, environment: [String: String]) -> URL? {
    let base: URL
    if let directory = environment[variable], directory.hasPrefix("/") {
      base = URL(fileURLWithPath: directory, isDirectory: true)
    } else if let home = environment["HOME"], !home.isEmpty {
      base = URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(defaultUnderHome, isDirectory: true)
    } else {
      return nil
    }
    return base.appendingPathComponent(relativePath)
  }
}
