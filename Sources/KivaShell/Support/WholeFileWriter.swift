import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a whole file where a user names one, as a shell's `>` would, without losing the
/// old content when the write fails:
///
/// - a symbolic link is followed, and its target written (the link stays a link);
/// - a regular file is replaced atomically — written beside itself, then renamed over —
///   keeping its permissions and, where the system allows, its owner; one the user may not
///   write is refused, as `>` refuses it; one with other hard links is written in place, so
///   every name keeps seeing the same file;
/// - a pipe or character device (a FIFO another program reads, `/dev/null`) is written
///   into; a socket or block device is refused;
/// - a descriptor kivash already has open (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`) is
///   written through, at its own offset: nothing is emptied or replaced, so
///   `kivash -c 'export /dev/stdout' >> log` adds to the log, as `cat` would;
/// - a new file gets the usual permissions (0666 less the umask).
enum WholeFileWriter {
  /// Why a write failed, in a few words: "permission denied", "it is a directory".
  struct Failure: Error, Equatable {
    /// The words, lower case, for after "cannot write 'FILE': ".
    var reason: String
  }

  /// Where a write went.
  struct Written: Equatable {
    /// Whether the content went into kivash's own standard output (`/dev/stdout`, or a
    /// descriptor open on the same file), where a message about it would mix with it.
    var wentToStandardOutput = false
  }

  /// Where a path leads once its links are followed.
  enum Destination: Equatable {
    /// A file by name (perhaps not there yet).
    case file(String)
    /// A descriptor this process has open, named by `/dev/fd/N` and the like.
    case descriptor(Int32)
  }

  /// The most links followed before giving up, as the kernel's own limit.
  private static let linkLimit = 40

  /// Where the content goes as it is made: a file being written. The first failure to
  /// write is kept, and what comes after it is dropped.
  final class Sink {
    fileprivate let descriptor: Int32
    fileprivate var failure: Failure?

    fileprivate init(_ descriptor: Int32) {
      self.descriptor = descriptor
    }

    /// Writes `bytes` next.
    func write(_ bytes: some ContiguousBytes) {
      guard failure == nil else { return }
      failure = bytes.withUnsafeBytes { WholeFileWriter.writeAll($0, to: descriptor) }
    }

    /// Writes `text`, as UTF-8, next.
    func write(_ text: String) {
      guard failure == nil else { return }
      var text = text
      failure = text.withUTF8 {
        WholeFileWriter.writeAll(UnsafeRawBufferPointer($0), to: descriptor)
      }
    }
  }

  /// Writes `data` as the whole content of the file at `path` (already expanded).
  @discardableResult
  static func write(_ data: Data, to path: String) throws(Failure) -> Written {
    do {
      return try write(to: path) { $0.write(data) }
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(reason: "\(error)")
    }
  }

  /// Writes, as the whole content of the file at `path` (already expanded), what
  /// `produce` hands its sink, piece by piece. Throws a `Failure`, or what `produce`
  /// throws (`.interrupted`): a file being replaced is then left as it was.
  @discardableResult
  static func write(to path: String, producing produce: (Sink) throws -> Void) throws
    -> Written
  {
    let target: String
    switch try followingLinks(path) {
    case .descriptor(let descriptor):
      try writeThrough(descriptor, producing: produce)
      return Written(wentToStandardOutput: isStandardOutput(descriptor))
    case .file(let file): target = file
    }
    var status = stat()
    guard stat(target, &status) == 0 else {
      guard errno == ENOENT else { throw failure(errno) }
      try replace(target, keeping: nil, producing: produce)
      return Written()
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      guard access(target, W_OK) == 0 else { throw failure(errno) }
      if status.st_nlink > 1 {
        try writeInto(target, truncating: true, producing: produce)
      } else {
        try replace(target, keeping: status, producing: produce)
      }
    case S_IFDIR: throw Failure(reason: "it is a directory")
    case S_IFIFO, S_IFCHR: try writeInto(target, truncating: false, producing: produce)
    case S_IFSOCK: throw Failure(reason: "it is a socket")
    default: throw Failure(reason: "it is a block device; write to a file instead")
    }
    return Written()
  }

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

  /// Whether `descriptor` is open on the same file as standard output.
  private static func isStandardOutput(_ descriptor: Int32) -> Bool {
    if descriptor == STDOUT_FILENO { return true }
    var mine = stat()
    var output = stat()
    guard fstat(descriptor, &mine) == 0, fstat(STDOUT_FILENO, &output) == 0 else {
      return false
    }
    return mine.st_dev == output.st_dev && mine.st_ino == output.st_ino
  }

  /// Writes what `produce` makes through an open descriptor, at its offset (or at the end,
  /// if it was opened to append); it is left open.
  private static func writeThrough(_ descriptor: Int32, producing produce: (Sink) throws -> Void)
    throws
  {
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0 else { throw Failure(reason: "no such descriptor is open") }
    guard flags & O_ACCMODE != O_RDONLY else {
      throw Failure(reason: "it is open for reading only")
    }
    try fill(descriptor, producing: produce)
  }

  /// Writes what `produce` makes to a new file beside `target`, gives it `old`'s owner
  /// and permissions (when replacing a file), then renames it over `target`; on failure
  /// the new file is removed and `target` is as it was.
  private static func replace(
    _ target: String, keeping old: stat?, producing produce: (Sink) throws -> Void
  ) throws {
    let folder = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    let prefix = (folder.isEmpty ? "" : folder + "/") + "." + name + ".kivash-"
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<100 {
      temporary = prefix + String(UInt32.random(in: 0...UInt32.max), radix: 36)
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw failure(errno) }
    do {
      try fill(descriptor, producing: produce)
      if let old {
        _ = fchown(descriptor, old.st_uid, old.st_gid)
        _ = fchmod(descriptor, old.st_mode & 0o7777)
      }
      guard fsync(descriptor) == 0 else { throw failure(errno) }
      guard close(descriptor) == 0 else {
        descriptor = -1
        throw failure(errno)
      }
      descriptor = -1
      guard rename(temporary, target) == 0 else { throw failure(errno) }
    } catch {
      if descriptor >= 0 { close(descriptor) }
      unlink(temporary)
      throw error
    }
  }

  /// Opens `target` for writing (emptying it first when `truncating`) and writes what
  /// `produce` makes into it.
  private static func writeInto(
    _ target: String, truncating: Bool, producing produce: (Sink) throws -> Void
  ) throws {
    let flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | (truncating ? O_TRUNC : 0)
    let descriptor = open(target, flags)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    try fill(descriptor, producing: produce)
  }

  /// Hands `produce` a sink on `descriptor`; throws what it throws, else the sink's
  /// first failure to write.
  private static func fill(_ descriptor: Int32, producing produce: (Sink) throws -> Void)
    throws
  {
    let sink = Sink(descriptor)
    try produce(sink)
    if let failure = sink.failure { throw failure }
  }

  /// Writes every byte of `bytes` (see `DescriptorWrite`); the failure, if any.
  fileprivate static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32)
    -> Failure?
  {
    guard case .failed(let code, _) = DescriptorWrite.writeAll(bytes, to: descriptor) else {
      return nil
    }
    return failure(code)
  }

  /// The words for a system error: `strerror`'s, starting lower case.
  private static func failure(_ code: Int32) -> Failure {
    let text = String(cString: strerror(code))
    return Failure(reason: text.prefix(1).lowercased() + text.dropFirst())
  }
}
