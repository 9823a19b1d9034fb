/// What one attempt to read a line of input produced.
public enum LineReadResult: Equatable, Sendable {
  /// A line the user entered, without its trailing newline.
  case line(String)
  /// The user pressed Ctrl-C: whatever was typed is discarded and the shell goes on.
  case interrupted
  /// End of input: Ctrl-D on an empty line, or the end of a script or pipe.
  case endOfInput
  /// A line that is not text (a NUL byte, bytes that are not UTF-8): it counts as a line
  /// whose command failed with `error`.
  case rejected(ShellError)
}

/// A source of command lines: the terminal (libedit), a pipe or file, or an array in tests.
public protocol LineReader: AnyObject {
  /// Reads the next line, showing `prompt` first when the reader is interactive.
  func readLine(prompt: String) -> LineReadResult
  /// Keeps `command`, a whole command as read (over several lines, for a block), in the
  /// reader's history; readers without history ignore it.
  func recordInHistory(_ command: String)
}

extension LineReader {
  public func recordInHistory(_ command: String) {}
}

/// Reads lines from an array; the read-eval-print loop is tested with it, without a terminal.
public final class ArrayLineReader: LineReader {
  private var remaining: ArraySlice<LineReadResult>

  /// Creates a reader that yields `lines` in order, then end of input.
  public convenience init(_ lines: [String]) {
    self.init(results: lines.map(LineReadResult.line))
  }

  /// Creates a reader that yields `results` in order, then end of input.
  public init(results: [LineReadResult]) {
    remaining = results[...]
  }

  public func readLine(prompt: String) -> LineReadResult {
    remaining.popFirst() ?? .endOfInput
  }
}
