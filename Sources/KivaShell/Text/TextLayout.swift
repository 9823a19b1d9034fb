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

  /// `line` broken at spaces into lines of at most `width` columns (a word longer than
  /// that stays whole). Continuation lines are indented by `hang` columns if given, else
  /// to the line's second column — the text after a run of two or more spaces, as in
  /// `--trace     show …` — when it starts before half the width, else two past the
  /// line's own indentation.
  static func wrap(_ line: String, to width: Int, hang given: Int? = nil) -> [String] {
    guard DisplayWidth.of(line) > width else { return [line] }
    let indent = line.prefix { $0 == " " }.count
    var hang = given ?? indent + 2
    if given == nil, let column = secondColumn(of: line), column < width / 2 { hang = column }
    var lines: [String] = []
    var rest = Substring(line)
    var prefix = ""
    while DisplayWidth.of(prefix) + DisplayWidth.of(String(rest)) > width {
      let available = width - DisplayWidth.of(prefix)
      var used = 0
      var breakAt: Substring.Index?
      var position = rest.startIndex
      while position < rest.endIndex {
        let character = rest[position]
        if character == " ", used <= available, position > rest.startIndex,
          rest[rest.index(before: position)] != " "
        {
          breakAt = position
        }
        used += DisplayWidth.of(character)
        if used > available { break }
        position = rest.index(after: position)
      }
      // A word longer than the room stays whole, and the line breaks after it.
      if breakAt == nil { breakAt = rest.dropFirst().firstIndex(of: " ") }
      guard let cut = breakAt, cut > rest.startIndex else { break }
      lines.append(prefix + rest[..<cut])
      rest = rest[cut...].drop { $0 == " " }
      prefix = String(repeating: " ", count: hang)
    }
    lines.append(prefix + rest)
    return lines
  }

  /// Lines of help or lesson text fitted to `width`: a run of prose lines (no indentation,
  /// no second column) that does not fit is joined and wrapped again as one paragraph;
  /// any other line that does not fit is wrapped on its own (see `wrap`). Text that fits
  /// keeps its lines as written.
  ///
  /// A two-column entry continued on lines indented to its second column, as in
  /// `api       the endpoint …` over two lines, is one entry: when one of its lines does
  /// not fit, it is joined and wrapped again as a whole.
  static func reflow(_ lines: [String], to width: Int) -> [String] {
    var result: [String] = []
    var paragraph: [String] = []
    func flush() {
      if paragraph.contains(where: { DisplayWidth.of($0) > width }) {
        result += wrap(paragraph.joined(separator: " "), to: width, hang: 0)
      } else {
        result += paragraph
      }
      paragraph = []
    }
    var index = 0
    while index < lines.count {
      let line = lines[index]
      index += 1
      if isProse(line) {
        paragraph.append(line)
        continue
      }
      flush()
      var entry = [line]
      if let column = secondColumn(of: line) {
        while index < lines.count, isContinuation(lines[index], at: column) {
          entry.append(lines[index])
          index += 1
        }
      }
      if entry.count > 1, entry.contains(where: { DisplayWidth.of($0) > width }) {
        let joined = ([line] + entry.dropFirst().map { String($0.drop { $0 == " " }) })
          .joined(separator: " ")
        result += wrap(joined, to: width)
      } else {
        result += entry.flatMap { wrap($0, to: width) }
      }
    }
    flush()
    return result
  }

  /// The column where `line`'s second column starts — the text after its first run of
  /// two or more spaces past its indentation — or nil when it has none.
  private static func secondColumn(of line: String) -> Int? {
    let characters = Array(line)
    var index = characters.prefix { $0 == " " }.count
    while index + 2 < characters.count {
      if characters[index] == " ", characters[index + 1] == " " {
        var column = index
        while column < characters.count, characters[column] == " " { column += 1 }
        return column < characters.count ? column : nil
      }
      index += 1
    }
    return nil
  }

  /// Whether `line` continues an entry whose second column starts at `column`: indented
  /// exactly that far, with no column of its own.
  private static func isContinuation(_ line: String, at column: Int) -> Bool {
    let text = line.drop { $0 == " " }
    return line.count - text.count == column && !text.isEmpty && !text.contains("  ")
  }

  /// Whether `line` is plain prose: text from the first column, without the run of
  /// spaces that starts a second column.
  private static func isProse(_ line: String) -> Bool {
    guard let first = line.first, first != " " else { return false }
    return !line.contains("  ")
  }

  /// `items` joined by ", " after `lead`, in lines of at most `width` columns broken only
  /// between items (an item longer than a line stays whole), later lines indented by
  /// `hang`; the last item ends with `end`.
  static func wrapItems(_ items: [String], lead: String, end: String, hang: Int, to width: Int)
    -> [String]
  {
    var lines: [String] = []
    var line = lead
    for (index, item) in items.enumerated() {
      let text = item + (index == items.count - 1 ? end : ",")
      let separator = line.isEmpty || line.hasSuffix(" ") ? "" : " "
      if line.trimmingCharacters(in: .whitespaces).isEmpty
        || DisplayWidth.of(line + separator + text) <= width
      {
        line += separator + text
      } else {
        lines.append(line)
        line = String(repeating: " ", count: hang) + text
      }
    }
    lines.append(line)
    return lines
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

  /// `text` safe to print as data: control characters (escape, which would start a
  /// terminal's escape sequence, tabs, carriage returns, DEL and the C1 controls) become
  /// spaces; line breaks too, unless `keepingLineBreaks`. A file may hold anything, and
  /// what it holds must not redraw the user's terminal.
  static func printable(_ text: String, keepingLineBreaks: Bool = false) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      let value = scalar.value
      return (value < 0x20 && !(keepingLineBreaks && value == 0x0A))
        || (0x7F...0x9F).contains(value)
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
  }

  /// `text` without the spaces at its end.
  static func trimmingTrailingSpaces(_ text: String) -> String {
    var result = Substring(text)
    while result.last == " " { result.removeLast() }
    return String(result)
  }
}
