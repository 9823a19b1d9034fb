/// Renders records as the numbered table that `list`, `search` and `favs` print:
/// `#`, a ★ for favourites, then the record type's columns.
struct RecordTable<Rows: RandomAccessCollection> where Rows.Element: CollectionRecord {
  typealias Record = Rows.Element
  let records: Rows
  let isFavorite: (Record) -> Bool

  /// The table's lines, fitted to `width` columns; flexible columns give way first.
  /// Every row's cells are looked at first (for the widths), then written: a long table
  /// checks `interrupt` at each row of both passes, and throws `.interrupted` on Ctrl-C.
  func lines(width: Int, interrupt: InterruptCheck = .never) throws(ShellError) -> [String] {
    let columns = Record.columns
    let numberWidth = String(records.count).count
    // A tab or a line break in the data would break the row: a space takes its place.
    var values = columns.map { _ in [String]() }
    // Each cell's width, measured once (measuring is most of the work on a long table).
    var valueWidths = columns.map { _ in [Int]() }
    var widths = columns.map { DisplayWidth.of($0.header) }
    for record in records {
      try interrupt.check()
      for (index, column) in columns.enumerated() {
        let value = Self.oneLine(column.value(record))
        let width = DisplayWidth.of(value)
        widths[index] = max(widths[index], width)
        values[index].append(value)
        valueWidths[index].append(width)
      }
    }
    for index in columns.indices { widths[index] = min(columns[index].maxWidth, widths[index]) }
    // "  # ★ " before the columns, two spaces between them.
    let used = 2 + numberWidth + 3 + widths.reduce(0, +) + 2 * (columns.count - 1)
    if used > width, let flexible = columns.firstIndex(where: \.isFlexible) {
      widths[flexible] = max(columns[flexible].header.count, widths[flexible] - (used - width))
    }

    func row(_ number: String, _ star: String, _ cells: [(text: String, width: Int)]) -> String {
      // Cells are one line each (see `oneLine`).
      var line = "  " + TextLayout.padLeft(number, numberWidth) + " " + star + " "
      for (index, cell) in cells.enumerated() {
        if index > 0 { line += "  " }
        var (text, width) = cell
        if width > widths[index] {
          text = TextLayout.clip(text, to: widths[index])
          width = DisplayWidth.of(text)
        }
        let padding = String(repeating: " ", count: max(0, widths[index] - width))
        line += columns[index].alignsRight ? padding + text : text + padding
      }
      return TextLayout.trimmingTrailingSpaces(line)
    }
    var lines = [row("#", " ", columns.map { ($0.header, DisplayWidth.of($0.header)) })]
    lines.reserveCapacity(records.count + 1)
    for (index, record) in records.enumerated() {
      try interrupt.check()
      let star = Record.supportsFavorites && isFavorite(record) ? "★" : " "
      let cells = columns.indices.map { (values[$0][index], valueWidths[$0][index]) }
      lines.append(row(String(index + 1), star, cells))
    }
    return lines
  }

  /// `text` on one line: tabs, line breaks and other control characters become spaces.
  static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return text
    }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
  }
}
