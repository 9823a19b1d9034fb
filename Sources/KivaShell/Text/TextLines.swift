/// Text as lines: split at line feeds, without the empty line after a final line feed.
enum TextLines {
  /// The lines of `text`; `"a\n\nb\n"` gives `["a", "", "b"]`. A line feed ends a line
  /// even after a carriage return, which stays (Swift reads `"\r\n"` as one character,
  /// so splitting at `"\n"` characters kept CSV rows and CR LF files whole).
  static func split(_ text: String) -> [String] {
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
