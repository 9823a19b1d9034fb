import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The checks and preparation done on the database's path before SQLite touches it, so
/// that a directory, an unreadable file or a file that is not a database is reported
/// rather than opened, and never written to.
enum DatabaseFile {
  /// The 16 bytes every SQLite 3 database file starts with.
  static let header = Array("SQLite format 3\0".utf8)

  /// Checks that `url` is a readable, writable regular file that starts like an SQLite
  /// database, or is empty; when nothing is there, creates the missing parent folders
  /// (mode 0700) and an empty file (mode 0600).
  static func prepare(at url: URL) throws(StoreError) {
    let path = url.path
    var status = stat()
    guard stat(path, &status) == 0 else {
      let error = errno
      guard error == ENOENT else { throw .failed(describe(error)) }
      try createDirectories(for: url)
      try createEmptyFile(at: path)
      return
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .failed("it is a directory")
    default: throw .failed("it is not a regular file")
    }
    guard access(path, R_OK | W_OK) == 0 else { throw .failed(describe(errno)) }
    if status.st_size > 0 {
      try checkHeader(at: path)
    }
  }

  /// Throws unless the file at `path` begins with the SQLite header.
  private static func checkHeader(at path: String) throws(StoreError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .failed(describe(errno)) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: header.count)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { throw .failed(describe(errno)) }
    guard count == header.count, bytes == header else {
      throw .failed("not an SQLite database")
    }
  }

  /// Creates the folders that will hold `url`, private to the user.
  private static func createDirectories(for url: URL) throws(StoreError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .failed("can't create the folder '\(folder.path)'")
    }
  }

  /// Creates an empty file private to the user, unless another process just did.
  private static func createEmptyFile(at path: String) throws(StoreError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {
      throw .failed(describe(errno))
    }
  }

  /// The system's text for `error`, starting lower-case: "permission denied".
  static func describe(_ error: Int32) -> String {
    let text = String(cString: strerror(error))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
