#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from standard input when it is a pipe or file: `cat cmds | kivash`.
public final class StandardInputLineReader: LineReader {
  /// Creates a reader on standard input.
  public init() {}

  public func readLine(prompt: String) -> LineReadResult {
    guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
    return .line(line.hasSuffix("\r") ? String(line.dropLast()) : line)
  }
}

extension ArrayLineReader {
  /// A reader over the lines of a script's text (LF or CRLF line ends).
  public convenience init(scriptText: String) {
    var lines = scriptText.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    if lines.last == "" { lines.removeLast() }
    self.init(lines)
  }
}
