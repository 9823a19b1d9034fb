import Foundation

/// The commands kivash runs before anything else, like `.sqliterc` or `.psqlrc`:
/// `$XDG_CONFIG_HOME/kivash/init.kiva` (`~/.config/kivash/init.kiva`), skipped with
/// `--no-init`. What its commands print is not shown; their errors are, with the line.
public enum InitScript {
  /// How help texts name the file.
  public static let displayPath = "$XDG_CONFIG_HOME/kivash/init.kiva"

  /// Where the init script is for `environment`.
  public static func url(environment: [String: String]) -> URL {
    let config: URL
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      config = URL(fileURLWithPath: xdg)
    } else {
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      config = home.appendingPathComponent(".config")
    }
    return config.appendingPathComponent("kivash").appendingPathComponent("init.kiva")
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
