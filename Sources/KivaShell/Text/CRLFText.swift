/// Transcript text as lines, whatever its line ends: a line feed ends a line even after a
/// carriage return (Swift reads `"\r\n"` as one character, so splitting at `"\n"`
/// characters kept CSV rows and CR LF files whole), and a file whose line ends all
/// became CR LF (a Windows editor, git's `core.autocrlf`) is told apart.
enum CRLFText {
  /// The lines of `text`, split at each line feed; a carriage return before it stays.
  static func lines(_ text: String) -> [String] {
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Whether the first line of `text` ends in CR LF: the whole file was converted.
  static func isConverted(_ text: String) -> Bool {
    guard let end = text.unicodeScalars.firstIndex(of: "\n") else { return false }
    return end > text.unicodeScalars.startIndex
      && text.unicodeScalars[text.unicodeScalars.index(before: end)] == "\r"
  }

  /// `line` without the carriage returns at its end: in a converted file, a CSV row's own
  /// one is kept by some converters and doubled by others, so neither side keeps any.
  static func withoutCarriageReturns(_ line: String) -> String {
    var scalars = line.unicodeScalars
    while scalars.last == "\r" { scalars.removeLast() }
    return String(scalars)
  }
}
