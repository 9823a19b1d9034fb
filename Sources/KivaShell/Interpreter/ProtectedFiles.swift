import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The files a run keeps its own data in — the database, the history file, the script
/// it runs — which no command may write over: `export` to one of them would destroy
/// what the user saved.
public struct ProtectedFiles: Sendable {
  private var files: [(path: String, role: String)] = []

  /// No files.
  public init() {}

  /// Protects the file at `path`, which is `role` ("kivash's database").
  public mutating func add(_ path: String, as role: String) {
    files.append((path, role))
  }

  /// What the file at `path` is, when it is one of the protected files under any name
  /// (a link, `..`, another spelling of the same folder); nil when it is none of them.
  public func role(of path: String) -> String? {
    let target = Self.identity(of: path)
    return files.first { Self.identity(of: $0.path) == target }?.role
  }

  /// Device and inode of an existing file; else, for a file that does not exist yet, its
  /// folder's real path (links and `..` resolved in the order the system does) and name.
  private static func identity(of path: String) -> String {
    var status = stat()
    if stat(path, &status) == 0 {
      return "inode \(status.st_dev):\(status.st_ino)"
    }
    let url = URL(fileURLWithPath: path)
    guard let real = realpath(url.deletingLastPathComponent().path, nil) else {
      return "path " + url.standardizedFileURL.path
    }
    defer { free(real) }
    return "path " + String(cString: real) + "/" + url.lastPathComponent
  }
}
