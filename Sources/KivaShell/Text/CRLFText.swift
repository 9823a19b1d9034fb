/// Text whose line feeds became carriage return + line feed (a Windows editor, git's
/// `core.autocrlf`). Swift reads `"\r\n"` as one character, so such text does not
/// split at `"\n"`: it is turned back first.
enum CRLFText {
  /// Whether the first line of `text` ends in CR LF: the whole file was converted.
  static func isConverted(_ text: String) -> Bool {
    guard let end = text.unicodeScalars.firstIndex(of: "\n") else { return false }
    return end > text.unicodeScalars.startIndex
      && text.unicodeScalars[text.unicodeScalars.index(before: end)] == "\r"
  }

  /// `text` with each CR LF a line feed.
  static func lineFeeds(_ text: String) -> String {
    text.replacing("\r\n", with: "\n")
  }

  /// `text` with each line feed a CR LF.
  static func carriageReturns(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.flatMap { $0 == "\n" ? ["\r", "\n"] : [$0] as [Unicode.Scalar] }))
  }
}
