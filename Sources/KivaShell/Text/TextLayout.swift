/// Padding and clipping for columns of text.
enum TextLayout {
  /// `text` cut to `limit` columns (see `DisplayWidth`), ending in `…` when cut.
  static func clip(_ text: String, to limit: Int) -> String {
    guard DisplayWidth.of(text) > limit else { return text }
    var kept = ""
    var used = 0
    for character in text {
      let width = DisplayWidth.of(character)
      guard used + width <= limit - 1 else { break }
      kept.append(character)
      used += width
    }
    return kept + "…"
  }

  /// `text` padded with spaces on the right to `width` columns.
  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
  }

  /// `text` padded with spaces on the left to `width` columns.
  static func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
  }

  /// `text` in lines of at most `width` characters, broken between words; its own line
  /// breaks are kept (a blank line between paragraphs stays blank).
  static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(20, width)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
          lines.append(line)
          line = ""
        }
        line += line.isEmpty ? String(word) : " " + word
      }
      lines.append(line)
    }
    return lines
  }

  /// `text` without the spaces at its end.
  static func trimmingTrailingSpaces(_ text: String) -> String {
    var result = Substring(text)
    while result.last == " " { result.removeLast() }
    return String(result)
  }
}
