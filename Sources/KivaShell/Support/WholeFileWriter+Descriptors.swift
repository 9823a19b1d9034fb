import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension WholeFileWriter {
  /// Where a path leads once its links are followed.
  enum Destination: Equatable {
    /// A file by name (perhaps not there yet).
    case file(String)
    /// A descriptor this process has open, named by `/dev/fd/N` and the like.
    case descriptor(Int32)
  }

  /// The most links followed before giving up, as the kernel's own limit.
  private static let linkLimit = 40

  /// Where `path` ends after its symbolic links, each relative one read from the folder
  /// of the link that holds it: `path` itself when it is not a link, or the open
  /// descriptor it names on the way (see `openDescriptor(named:)`).
  static func followingLinks(_ path: String) throws(Failure) -> Destination {
    var current = path
    for _ in 0..<linkLimit {
      if let descriptor = openDescriptor(named: current) { return .descriptor(descriptor) }
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return .file(current)
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
      let count = readlink(current, &buffer, buffer.count)
      guard count >= 0 else { throw failure(errno) }
      let destination = String(
        decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let folder = (current as NSString).deletingLastPathComponent
      current =
        destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
    }
    throw Failure(reason: "too many levels of symbolic links")
  }

  /// The descriptor `path` names, if it names one of this process's: `/dev/stdin`,
  /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`. Opening such a path
  /// would open the file anew (and `O_TRUNC` would empty a log that output is appended
  /// to), and a pipe's (`pipe:[…]`) cannot be opened by name at all.
  static func openDescriptor(named path: String) -> Int32? {
    switch path {
    case "/dev/stdin": return 0
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default: break
    }
    let folders = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"]
    for folder in folders where path.hasPrefix(folder) {
      let number = path.dropFirst(folder.count)
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return nil
      }
      return Int32(number)
    }
    return nil
  }

  /// Whether `path` leads to kivash's own standard output: `/dev/stdout`, a descriptor
  /// open on the same file, or the pipe or terminal standard output is by another name.
  /// What goes there belongs in the shell's output stream, in order with the rest; a
  /// path that cannot be looked at is taken for another file (writing it says why).
  static func leadsToStandardOutput(_ path: String) -> Bool {
    var status = stat()
    switch try? followingLinks(path) {
    case .descriptor(let descriptor):
      // Standard error stays standard error, whatever file it shares with standard output.
      guard isGiven(descriptor), descriptor != STDERR_FILENO else { return false }
      guard descriptor != STDOUT_FILENO else { return true }
      guard fstat(descriptor, &status) == 0 else { return false }
    case .file(let file):
      guard stat(file, &status) == 0 else { return false }
      // A regular file is written by name, replaced whole, whoever else has it open.
      let kind = status.st_mode & S_IFMT
      guard kind == S_IFIFO || kind == S_IFCHR else { return false }
    case nil:
      return false
    }
    var output = stat()
    guard fstat(STDOUT_FILENO, &output) == 0 else { return false }
    return status.st_dev == output.st_dev && status.st_ino == output.st_ino
  }

  /// Whether `descriptor` is one kivash was given, which a user may name: one the parent
  /// left open (standard input, output and error, `3> file`), which has no close-on-exec
  /// flag, or exec would have closed it. Kivash's own (its database, its internal pipes)
  /// are opened close-on-exec, and are not the user's to write into — even as 0, 1 or 2,
  /// which kivash's own take when it was started with them closed (`>&-`).
  static func isGiven(_ descriptor: Int32) -> Bool {
    guard descriptor >= 0 else { return false }
    let flags = fcntl(descriptor, F_GETFD)
    return flags < 0 || flags & FD_CLOEXEC == 0
  }

  /// Writes what `produce` makes through an open descriptor, at its offset (or at the end,
  /// if it was opened to append); it is left open.
  static func writeThrough(_ descriptor: Int32, producing produce: (Sink) throws -> Void)
    throws
  {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0 else { throw Failure(reason: "no such descriptor is open") }
    guard isGiven(descriptor) else {
      throw Failure(reason: "it is kivash's own descriptor, not one it was given")
    }
    guard flags & O_ACCMODE != O_RDONLY else {
      throw Failure(reason: "it is open for reading only")
    }
    try fill(descriptor, inPlace: true, producing: produce)
  }
}
