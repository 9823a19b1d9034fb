#if canImport(Glibc)
  import Glibc
#endif

/// The two streams a shell writes to.
public enum OutputStream: Sendable {
  case standard, error
}

/// Where rendered text goes: the process's stdout/stderr, or a buffer in tests.
public protocol TextSink: AnyObject {
  /// Writes `text` to `stream`.
  func write(_ text: String, to stream: OutputStream)
  /// Pushes out anything buffered.
  func flush()
  /// Drops anything buffered and not yet written (Ctrl-C stopped the command writing it).
  func discardBuffered()
}

extension TextSink {
  public func discardBuffered() {}
}

/// Collects everything written, in order, with stderr text marked: for tests.
public final class CapturingSink: TextSink {
  /// Text written to stdout.
  public private(set) var standard = ""
  /// Text written to stderr.
  public private(set) var error = ""
  /// Both streams interleaved in the order written.
  public private(set) var combined = ""

  /// Creates an empty sink.
  public init() {}

  public func write(_ text: String, to stream: OutputStream) {
    switch stream {
    case .standard: standard += text
    case .error: error += text
    }
    combined += text
  }

  public func flush() {}
}

/// Writes to the process's file descriptors 1 and 2, buffering stdout and keeping
/// the two streams in order (stdout is flushed before anything goes to stderr).
public final class StandardStreamsSink: TextSink {
  private var buffer: [UInt8] = []
  private let bufferLimit = 64 * 1024
  /// Whether Ctrl-C was pressed, without forgetting it (the command asks that itself):
  /// asked when a write to standard output is cut short by a signal, and then the rest of
  /// that write is dropped, as the terminal drops what it had not shown yet.
  public var interruptIsPending: () -> Bool = { false }
  /// What must be done before a failed write ends the process (saving the user's data
  /// into its main file, as a normal exit does).
  public var beforeExit: () -> Void = {}

  /// Creates a sink on fds 1 and 2.
  public init() {}

  public func write(_ text: String, to stream: OutputStream) {
    switch stream {
    case .standard:
      buffer.append(contentsOf: text.utf8)
      if buffer.count >= bufferLimit { flush() }
    case .error:
      flush()
      writeAll(Array(text.utf8), to: 2)
    }
  }

  public func flush() {
    guard !buffer.isEmpty else { return }
    writeAll(buffer, to: 1, stoppingWhen: interruptIsPending)
    buffer.removeAll(keepingCapacity: true)
  }

  public func discardBuffered() {
    buffer.removeAll(keepingCapacity: true)
  }

  /// The exit status when standard output or error is a pipe closed early: 128 + SIGPIPE.
  public static let closedPipeStatus: Int32 = 141

  /// Standard output could not be written (a full disk, a closed descriptor): says so
  /// on standard error and ends with status 1, as jq and sqlite3 do, rather than go on
  /// and succeed with output lost.
  private func failedWritingOutput(errno code: Int32) -> Never {
    let reason = strerror(code).map { String(cString: $0).lowercased() } ?? "error \(code)"
    let message = "error: cannot write to standard output: \(reason)\n"
    writeAll(Array(message.utf8), to: 2)
    beforeExit()
    exit(1)
  }

  /// Writes every byte (see `DescriptorWrite`); a closed pipe (`kivash … | head`) ends the
  /// process quietly with status 141, as SIGPIPE ends other tools: the commands after it
  /// never ran, which `set -o pipefail` must not take for success. A write that a signal
  /// cut short (a terminal or pipe that was full) gives up when `stoppingWhen` says so.
  private func writeAll(
    _ bytes: [UInt8], to descriptor: Int32, stoppingWhen isStopped: () -> Bool = { false }
  ) {
    let outcome = bytes.withUnsafeBytes {
      DescriptorWrite.writeAll($0, to: descriptor, stoppingWhen: isStopped)
    }
    guard case .failed(let code, _) = outcome else { return }
    if code == EPIPE {
      beforeExit()
      exit(Self.closedPipeStatus)
    }
    if descriptor == 1 { failedWritingOutput(errno: code) }
  }
}
