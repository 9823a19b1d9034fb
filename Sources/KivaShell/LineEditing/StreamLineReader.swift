import CEditLineShim
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from standard input when it is a pipe or file: `cat cmds | kivash`.
///
/// Reads bytes, not text, so that a line that is not UTF-8 or holds a NUL byte is reported
/// (`.rejected`) rather than silently altered.
public final class StandardInputLineReader: LineReader {
  private var buffer: [UInt8] = []
  private var start = 0
  private var ended = false
  private var checkedForMark = false

  /// Creates a reader on standard input.
  public init() {}

  public func readLine(prompt: String) -> LineReadResult {
    while true {
      // A byte order mark at the start of the input is not part of the first command.
      if !checkedForMark {
        let mark = ByteOrderMark.utf8
        guard ended || buffer.count >= mark.count || buffer.contains(UInt8(ascii: "\n")) else {
          fill()
          continue
        }
        checkedForMark = true
        if buffer.starts(with: mark) { start = mark.count }
      }
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        defer { start = newline + 1 }
        return Self.result(buffer[start..<newline])
      }
      if ended {
        guard start < buffer.count else { return .endOfInput }
        defer { start = buffer.count }
        return Self.result(buffer[start...])
      }
      fill()
    }
  }

  /// Reads the next chunk of standard input, keeping only what is not yet a line.
  private func fill() {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      // Wait for input or for a signal that stops the script: one that came just before
      // a blocking read would leave it waiting for input that may never come.
      guard StoppingSignal.received == nil else {
        ended = true
        return
      }
      var waiting = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: kivash_script_wakeup_fd(), events: Int16(POLLIN), revents: 0),
      ]
      if poll(&waiting, nfds_t(waiting.count), -1) < 0, errno == EINTR { continue }
      guard StoppingSignal.received == nil else {
        ended = true
        return
      }
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.append(contentsOf: chunk[..<count])
        return
      }
      // A signal: go on reading unless it is one that stops the script.
      if count < 0 && errno == EINTR && StoppingSignal.received == nil { continue }
      ended = true
      return
    }
  }

  private static func result(_ bytes: ArraySlice<UInt8>) -> LineReadResult {
    switch TextLine.decodeCommands(bytes) {
    case .success(let line): .line(line)
    case .failure(let error): .rejected(error)
    }
  }
}

extension ArrayLineReader {
  /// A reader over the lines of a script's bytes (LF or CRLF line ends); lines that are
  /// not text come out `.rejected`.
  public convenience init(scriptData: Data) {
    let bytes = ByteOrderMark.dropped(from: scriptData)
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    self.init(
      results: lines.map { line in
        switch TextLine.decodeCommands(line) {
        case .success(let text): .line(text)
        case .failure(let error): .rejected(error)
        }
      })
  }
}
