/// Text as lines: split at line feeds, without the empty line after a final line feed.
enum TextLines {
  /// The lines of `text`; `"a\n\nb\n"` gives `["a", "", "b"]`.
  static func split(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
