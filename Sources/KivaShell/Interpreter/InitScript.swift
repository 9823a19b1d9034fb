import Foundation

/// The commands kivash runs before anything else, like `.sqliterc` or `.psqlrc`:
/// `$XDG_CONFIG_HOME/kivash/init.kiva` (`~/.config/kivash/init.kiva`), skipped with
/// `--no-init`. What its commands print is not shown; their errors are, with the line.
public enum InitScript {
  /// The init script's path inside the config home.
  static let relativePath = "kivash/init.kiva"
  /// How help texts name the file.
  public static let displayPath = XDGBaseDirectory.config.displayPath(relativePath)

  /// Where the init script is for `environment`; without a usable `HOME`, in the user's
  /// home as the system knows it.
  public static func url(environment: [String: String]) -> URL {
    XDGBaseDirectory.config.url(relativePath, environment: environment)
      ?? FileManager.default.homeDirectoryForCurrentUser
      .appendingPathComponent(XDGBaseDirectory.config.defaultUnderHome)
      .appendingPathComponent(relativePath)
  }

  /// Runs the init script, if there is one, in `shell`: quietly, past errors, which are
  /// reported with the file's name and line.
  static func run(in shell: Shell, environment: [String: String]) {
    let url = url(environment: environment)
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    let data: Data
    do {
      data = try LocalFile.readScript(url.path)
    } catch {
      shell.output.warning("init script skipped: \(error.message)")
      return
    }
    shell.runQuietly(ArrayLineReader(scriptData: data), named: url.path)
  }
}
