import Foundation

/// File names for `fetch FILE` and `source FILE`.
enum FileNameCompletion {
  /// Paths that start with `typed`; directories end in `/`.
  static func candidates(for typed: String) -> [String] {
    let slash = typed.lastIndex(of: "/")
    let directoryPart = slash.map { String(typed[...$0]) } ?? ""
    let namePrefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let directory = directoryPart.isEmpty ? "." : LocalFile.expand(directoryPart)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return []
    }
    return names.sorted()
      .filter { $0.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !$0.hasPrefix(".")) }
      .map { name in
        var isDirectory: ObjCBool = false
        let path = (directory as NSString).appendingPathComponent(name)
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return directoryPart + name + (isDirectory.boolValue ? "/" : "")
      }
  }

  /// How a candidate is listed under the line, as bash lists file names: its last part
  /// (a folder with its `/`), not the folders before it, which the line already shows.
  static func listed(_ path: String) -> String {
    let isFolder = path.hasSuffix("/")
    let name = (isFolder ? path.dropLast() : Substring(path)).split(
      separator: "/", omittingEmptySubsequences: false
    ).last.map(String.init)
    guard let name, !name.isEmpty else { return path }
    return name + (isFolder ? "/" : "")
  }
}
