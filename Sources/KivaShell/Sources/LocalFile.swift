import Foundation

/// Reads files named at the prompt, with reasons a user understands.
public enum LocalFile {
  /// `path` with a leading `~` expanded.
  public static func expand(_ path: String) -> String {
    (path as NSString).expandingTildeInPath
  }

  /// The whole content of the file at `path`.
  public static func read(_ path: String) throws(ShellError) -> Data {
    let expanded = expand(path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) else {
      throw ShellError(.cannotRead(path: path, reason: "no such file"))
    }
    if isDirectory.boolValue {
      throw ShellError(.cannotRead(path: path, reason: "it is a directory"))
    }
    guard FileManager.default.isReadableFile(atPath: expanded),
      let data = FileManager.default.contents(atPath: expanded)
    else {
      throw ShellError(.cannotRead(path: path, reason: "permission denied"))
    }
    return data
  }
}
