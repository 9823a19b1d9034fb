#if canImport(Glibc)
  import Glibc
#endif

/// A pipe nobody reads, its write end not waiting: once it is full, a write is cut short
/// and the next fails (`EAGAIN`), as a stalled reader looks to a writer. Its ends close
/// when it goes.
final class UnreadPipe: Sendable {
  let reader: Int32
  let writer: Int32

  /// A pipe of the system's size (64 KiB), or of `capacity` bytes (at least a page).
  init(capacity: Int32? = nil) {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    (reader, writer) = (ends[0], ends[1])
    if let capacity {
      let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module leaves out
      _ = fcntl(writer, setPipeSize, capacity)
    }
    _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(reader)
    close(writer)
  }

  /// Whether both ends are open, and the write end does not wait.
  var isReady: Bool {
    reader >= 0 && writer >= 0 && fcntl(writer, F_GETFL) & O_NONBLOCK != 0
  }

  /// How many bytes wait in it to be read.
  var pending: Int {
    var count: Int32 = 0
    return ioctl(reader, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
  }
}
