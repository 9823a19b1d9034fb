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
///   write is refused, as `>` refuses it; one with other hard links keeps its inode, so
///   that every name sees the new content: that is made in a temporary file, and copied
///   in only once it is whole;
/// - a pipe or character device (a FIFO another program reads, `/dev/null`) is written
///   into; a socket or block device is refused;
/// - a descriptor kivash was given (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`) is
///   written through, at its own offset: nothing is emptied or replaced, so
///   `kivash -c 'export /dev/stdout' >> log` adds to the log, as `cat` would; one kivash
///   opened for itself is refused (see `isGiven(_:)`);
/// - a new file gets the usual permissions (0666 less the umask).
///
/// What goes into a pipe, a device or a descriptor is there as soon as it is written, so a
/// write that fails there part way says so (`Failure.partly`).
enum WholeFileWriter {
  /// Why a write failed, in a few words: "permission denied", "it is a directory".
  struct Failure: Error, Equatable {
    /// The words, lower case, for after "cannot write 'FILE': ".
    var reason: String
    /// Whether part of the content had already gone where it goes when the write failed
    /// (into a pipe, a device, a descriptor, or a file with other hard links): what was
    /// there before is not all there any more.
    var partly = false
    /// Whether a signal stopped the write (Ctrl-C), rather than the file refusing it.
    var wasStopped = false

    /// A write that a signal stopped: while it waited for a pipe's reader, or for a FIFO
    /// to be opened at its other end.
    static let stopped = Failure(reason: "interrupted", wasStopped: true)
  }

  /// Writes `data` as the whole content of the file at `path` (already expanded).
  static func write(_ data: Data, to path: String) throws(Failure) {
    do {
      try write(to: path) { sink in try sink.write(data) }
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(reason: "\(error)")
    }
  }

  /// Writes, as the whole content of the file at `path` (already expanded), what
  /// `produce` hands its sink, piece by piece. Throws a `Failure`, or what `produce`
  /// throws (`.interrupted`, or the sink's own `Failure`): a file being replaced is then
  /// left as it was.
  static func write(to path: String, producing produce: (Sink) throws -> Void) throws {
    let target: String
    switch try followingLinks(path) {
    case .descriptor(let descriptor): return try writeThrough(descriptor, producing: produce)
    case .file(let file): target = file
    }
    var status = stat()
    guard stat(target, &status) == 0 else {
      guard errno == ENOENT else { throw failure(errno) }
      return try replace(target, keeping: nil, producing: produce)
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      guard access(target, W_OK) == 0 else { throw failure(errno) }
      if status.st_nlink > 1 {
        try copyInto(target, producing: produce)
      } else {
        try replace(target, keeping: status, producing: produce)
      }
    case S_IFDIR: throw Failure(reason: "it is a directory")
    case S_IFIFO, S_IFCHR: try writeInto(target, producing: produce)
    case S_IFSOCK: throw Failure(reason: "it is a socket")
    default: throw Failure(reason: "it is a block device; write to a file instead")
    }
  }

  /// Writes what `produce` makes to a new file beside `target`, gives it `old`'s owner
  /// and permissions (when replacing a file), then renames it over `target`; on failure
  /// the new file is removed and `target` is as it was.
  private static func replace(
    _ target: String, keeping old: stat?, producing produce: (Sink) throws -> Void
  ) throws {
    let folder = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    guard let (temporary, opened) = createTemporary(named: name, in: folder, mode: 0o666)
    else { throw failure(errno) }
    var descriptor = opened
    do {
      try fill(descriptor, inPlace: false, producing: produce)
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

  /// Makes what `produce` makes in a temporary file, then copies it over `target`'s
  /// content: a file with other hard links stays the same file, so that every name sees
  /// the new content, and an export that fails or is interrupted leaves it as it was.
  /// Only a failure while copying (a full disk) leaves it part written.
  private static func copyInto(_ target: String, producing produce: (Sink) throws -> Void)
    throws
  {
    let folder = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    // Beside the file, on its disk; a file one may write can be in a folder one may not.
    var made = createTemporary(named: name, in: folder, mode: 0o600)
    var code = errno
    if made == nil && (code == EACCES || code == EPERM || code == EROFS) {
      made = createTemporary(named: name, in: NSTemporaryDirectory(), mode: 0o600)
      code = errno
    }
    guard let (temporary, descriptor) = made else { throw failure(code) }
    // Nameless from now on: nothing is left behind, whatever happens.
    unlink(temporary)
    defer { close(descriptor) }
    try fill(descriptor, inPlace: false, producing: produce)
    try copy(from: descriptor, over: target)
  }

  /// Copies what `source` holds, from its start, over the content of `target`, and cuts
  /// `target` to that length.
  private static func copy(from source: Int32, over target: String) throws(Failure) {
    let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var copied = 0
    while true {
      let count = buffer.withUnsafeMutableBytes {
        pread(source, $0.baseAddress, $0.count, off_t(copied))
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw failure(errno, partly: copied > 0) }
      if count == 0 { break }
      let outcome = buffer.withUnsafeBytes {
        DescriptorWrite.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: descriptor)
      }
      if case .failed(let code, let written) = outcome {
        throw failure(code, partly: copied + written > 0)
      }
      copied += count
    }
    guard ftruncate(descriptor, off_t(copied)) == 0, fsync(descriptor) == 0 else {
      throw failure(errno, partly: true)
    }
  }

  /// Opens `target`, a pipe or a device, and writes what `produce` makes into it.
  private static func writeInto(_ target: String, producing produce: (Sink) throws -> Void)
    throws
  {
    let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    try fill(descriptor, inPlace: true, producing: produce)
  }

  /// Hands `produce` a sink on `descriptor`, which puts the content where it goes when
  /// `inPlace`; throws what `produce` throws, else the sink's failure to write, should
  /// `produce` have let it pass.
  static func fill(
    _ descriptor: Int32, inPlace: Bool, producing produce: (Sink) throws -> Void
  ) throws {
    let sink = Sink(descriptor, inPlace: inPlace)
    try produce(sink)
    if let failure = sink.failure { throw failure }
  }

  /// Creates a new, empty file in `folder`, named after `name` (`.NAME.kivash-XXXX`),
  /// open to read and write: its path and descriptor, or nil with `errno` set.
  private static func createTemporary(named name: String, in folder: String, mode: mode_t)
    -> (String, Int32)?
  {
    let prefix = (folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/") + "."
    for _ in 0..<100 {
      let path = prefix + name + ".kivash-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
      let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      if descriptor >= 0 { return (path, descriptor) }
      guard errno == EEXIST else { return nil }
    }
    return nil
  }

  /// The words for a system error: `strerror`'s, starting lower case.
  static func failure(_ code: Int32, partly: Bool = false) -> Failure {
    guard code != EINTR else {
      return Failure(reason: "interrupted", partly: partly, wasStopped: true)
    }
    let text = String(cString: strerror(code))
    return Failure(reason: text.prefix(1).lowercased() + text.dropFirst(), partly: partly)
  }
}
