import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads files named at the prompt, with reasons a user understands.
public enum LocalFile {
  /// The largest file kivash reads at once: 1 GiB. Decoding needs about three times a
  /// file's size in memory, so a larger one is refused before a byte is read, rather than
  /// risking the machine's memory; 1M Kiva loans take about 700 MB.
  public static let sizeLimit = 1 << 30

  /// What to do with a file over the limit, said after the error: split it.
  public static let splitHint =
    "split it into files of fewer loans and load them with 'fetch FILE --append'"

  /// `path` with a leading `~` expanded as a shell does: `~` and `~/…` to `$HOME` (the
  /// account's home directory when `HOME` is unset or empty, which is all Foundation
  /// looks at), `~user/…` to that user's.
  public static func expand(
    _ path: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if path == "~" || path.hasPrefix("~/"), var home = environment["HOME"], !home.isEmpty {
      while home.count > 1, home.hasSuffix("/") { home.removeLast() }
      return home == "/" && path.count > 1 ? String(path.dropFirst()) : home + path.dropFirst()
    }
    return (path as NSString).expandingTildeInPath
  }

  /// The whole content of the file at `path`, refused (before reading) when it is larger
  /// than `limit` bytes; `hint` says what to do then. Devices and pipes are read up to the
  /// limit.
  public static func read(
    _ path: String, limit: Int = sizeLimit, hint: String = splitHint
  ) throws(ShellError) -> Data {
    let descriptor = open(expand(path), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path, errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(path, errno) }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw ShellError(.cannotRead(path: path, reason: "it is a directory"))
    }
    let isRegular = status.st_mode & S_IFMT == S_IFREG
    if isRegular, status.st_size > limit {
      throw tooLarge(path, size: Int(status.st_size), limit: limit, hint: hint)
    }
    var bytes = Data(capacity: isRegular ? Int(status.st_size) : 64 * 1024)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path, errno)
      }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > limit {
        throw tooLarge(path, size: nil, limit: limit, hint: hint)
      }
    }
    return bytes
  }

  /// The folder a file at `path` would go in, when it is not an existing folder (the
  /// file cannot be written there); nil when it is.
  public static func missingFolder(for path: String) -> String? {
    let folder = URL(fileURLWithPath: expand(path)).deletingLastPathComponent().path
    return isDirectory(folder) ? nil : folder
  }

  /// Whether `path` (already expanded) names an existing directory.
  public static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// Whether `first` and `second` name the same existing file (the same device and
  /// inode: `./a.kiva` and `a.kiva`, a link and its target).
  static func isSameFile(_ first: String, _ second: String) -> Bool {
    var one = stat()
    var other = stat()
    guard stat(expand(first), &one) == 0, stat(expand(second), &other) == 0 else { return false }
    return one.st_dev == other.st_dev && one.st_ino == other.st_ino
  }

  /// The content of a script: refused when it holds a NUL byte in its first 8000 bytes
  /// (a program or data, as `git` and `grep` tell binary files), or when it is too large.
  public static func readScript(_ path: String) throws(ShellError) -> Data {
    let data = try read(path, hint: "split it into smaller scripts and 'source' each")
    if data.prefix(8000).contains(0) {
      throw ShellError(.binaryScript(path: path))
    }
    return data
  }

  private static func tooLarge(_ path: String, size: Int?, limit: Int, hint: String) -> ShellError {
    ShellError(.fileTooLarge(path: path, size: size, limit: limit, hint: hint))
  }

  /// The error for `open`, `fstat` or `read` failing with `code`.
  private static func failure(_ path: String, _ code: Int32) -> ShellError {
    let reason: String
    switch code {
    case ENOENT: reason = "no such file"
    case EACCES, EPERM: reason = "permission denied"
    case EISDIR: reason = "it is a directory"
    default:
      let text = String(cString: strerror(code))
      reason = text.prefix(1).lowercased() + text.dropFirst()
    }
    return ShellError(.cannotRead(path: path, reason: reason))
  }
}
