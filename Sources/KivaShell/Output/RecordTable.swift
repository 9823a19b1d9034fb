/// Renders records as the numbered table that `list`, `search` and `favs` print:
/// `#`, a ★ for favourites, then the record type's columns.
struct RecordTable<Record: CollectionRecord> {
  let records: [Record]
  let isFavorite: (Record) -> Bool

  /// The table's lines, fitted to `width` columns; flexible columns give way first.
  func lines(width: Int) -> [String] {
    let columns = Record.columns
    let numbers = records.indices.map { String($0 + 1) }
    let numberWidth = max(1, numbers.map(\.count).max() ?? 1)
    // A tab or a line break in the data would break the row: a space takes its place.
    let values = columns.map { column in records.map { Self.oneLine(column.value($0)) } }
    var widths = zip(columns, values).map { column, values in
      min(
        column.maxWidth,
        max(DisplayWidth.of(column.header), values.map(DisplayWidth.of).max() ?? 0))
    }
    // "  # ★ " before the columns, two spaces between them.
    let used = 2 + numberWidth + 3 + widths.reduce(0, +) + 2 * (columns.count - 1)
    if used > width, let flexible = columns.firstIndex(where: \.isFlexible) {
      widths[flexible] = max(columns[flexible].header.count, widths[flexible] - (used - width))
    }

    func row(_ number: String, _ star: String, _ cells: [String]) -> String {
      // Cells are one line each (see `oneLine`).
      var line = "  " + TextLayout.padLeft(number, numberWidth) + " " + star + " "
      for (index, cell) in cells.enumerated() {
        let clipped = TextLayout.clip(cell, to: widths[index])
        if index > 0 { line += "  " }
        line +=
          columns[index].alignsRight
          ? TextLayout.padLeft(clipped, widths[index]) : TextLayout.pad(clipped, widths[index])
      }
      return TextLayout.trimmingTrailingSpaces(line)
    }
    var lines = [row("#", " ", columns.map(\.header))]
    for index in records.indices {
      let star = Record.supportsFavorites && isFavorite(records[index]) ? "★" : " "
      lines.append(row(numbers[index], star, values.map { $0[index] }))
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
