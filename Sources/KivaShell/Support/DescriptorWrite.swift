#if canImport(Glibc)
  import Glibc
#endif

/// Writes a whole buffer to a file descriptor, which one `write(2)` need not do: the one
/// loop under standard output (`StandardStreamsSink`) and the files `export` writes
/// (`WholeFileWriter`), each of which decides what a failure means for it.
enum DescriptorWrite {
  /// How writing a whole buffer ended.
  enum Outcome: Equatable {
    /// Every byte was written.
    case written
    /// A signal cut the write short, and the caller said to give up, after `count` bytes.
    case stopped(count: Int)
    /// The write failed with the system error `code` after `count` bytes.
    case failed(code: Int32, count: Int)
  }

  /// Writes every byte of `bytes` to `descriptor`, again after a short write or a signal.
  /// A write that a signal cut short (a full terminal or pipe) gives up when `isStopped`
  /// says so; a write that writes nothing fails as `EIO`.
  static func writeAll(
    _ bytes: UnsafeRawBufferPointer, to descriptor: Int32,
    stoppingWhen isStopped: () -> Bool = { false }
  ) -> Outcome {
    var offset = 0
    while offset < bytes.count {
      let wanted = bytes.count - offset
      let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, wanted)
      let code = written < 0 ? errno : 0
      if written > 0 { offset += written }
      let cutShort = (written >= 0 && written < wanted) || code == EINTR
      if cutShort && isStopped() { return .stopped(count: offset) }
      guard written > 0 || code == EINTR else {
        return .failed(code: written < 0 ? code : EIO, count: offset)
      }
    }
    return .written
  }
}
