/// Transcript text whatever its line ends (split with `TextLines.split`): a file whose
/// line ends all became CR LF (a Windows editor, git's `core.autocrlf`) is told apart.
enum CRLFText {
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
