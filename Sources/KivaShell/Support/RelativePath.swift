import Foundation

/// Paths between folders, as `..` and names.
enum RelativePath {
  /// The path that leads from the folder `from` to the folder `to`, both absolute:
  /// `.` for the same folder, `..` for its parent, `../data` for a sibling.
  static func between(_ from: String, _ to: String) -> String {
    let source = components(from)
    let target = components(to)
    var common = 0
    while common < source.count, common < target.count, source[common] == target[common] {
      common += 1
    }
    let steps =
      Array(repeating: "..", count: source.count - common) + target.dropFirst(common)
    return steps.isEmpty ? "." : steps.joined(separator: "/")
  }

  /// The folder's names from the root, with symbolic links, `.` and `..` resolved.
  private static func components(_ path: String) -> [String] {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.pathComponents
      .filter { $0 != "/" }
  }
}
