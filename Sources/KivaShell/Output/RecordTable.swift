import Foundation

/// Renders records as the numbered table that `list`, `search` and `favs` print:
/// `#`, a ★ for favourites, then the record type's columns.
struct RecordTable<Rows: RandomAccessCollection> where Rows.Element: CollectionRecord {
  typealias Record = Rows.Element
  let records: Rows
  let isFavorite: (Record) -> Bool

  /// The table's lines, fitted to `width` columns; flexible columns give way first.
  /// Every row's cells are looked at first (for the widths), then written, each pass in
  /// chunks of `chunkSize` rows on every core (`ChunkedWork`): a long table checks
  /// `interrupt` at each row of both passes, and throws `.interrupted` on Ctrl-C.
  func lines(
    width: Int, interrupt: InterruptCheck = .never, chunkSize: Int = 4096
  ) throws(ShellError) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(records.count + 1)
    try write(width: width, interrupt: interrupt, chunkSize: chunkSize) { lines += $0 }
    return lines
  }

  /// The table's lines as `lines` makes them, handed to `write` in order a few chunks at
  /// a time (the header first), as they are made: a table of a million rows going into a
  /// pipe starts at once after the widths are known, never stands whole in memory, and
  /// stops at the first write that fails.
  func write(
    width: Int, interrupt: InterruptCheck = .never, chunkSize: Int = 4096,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    to write: ([String]) throws(ShellError) -> Void
  ) throws(ShellError) {
    let chunkSize = max(chunkSize, 1)
    // Every chunk stops at the press, not only the one that heard it.
    let interrupt = interrupt.latching()
    let columns = Record.columns
    let numberWidth = String(records.count).count
    func record(at position: Int) -> Record {
      records[records.index(records.startIndex, offsetBy: position)]
    }
    let measured = ChunkedWork.map(count: records.count, chunkSize: chunkSize) { range in
      Cells(columns: columns, records: range.lazy.map(record), interrupt: interrupt)
    }
    if measured.contains(where: \.wasInterrupted) { throw ShellError(.interrupted) }
    var widths = columns.map { DisplayWidth.of($0.header) }
    for cells in measured {
      for index in columns.indices { widths[index] = max(widths[index], cells.widest[index]) }
    }
    for index in columns.indices { widths[index] = min(columns[index].maxWidth, widths[index]) }
    // "  # ★ " before the columns, two spaces between them.
    let used = 2 + numberWidth + 3 + widths.reduce(0, +) + 2 * (columns.count - 1)
    Self.fit(&widths, of: columns, by: used - width)

    // Made as bytes, with one string at the end: a string for each piece of each row was
    // most of the work of a long table.
    func row(_ number: String, _ star: String, _ cells: [(text: String, width: Int)]) -> String {
      let space = UInt8(ascii: " ")
      var line: [UInt8] = []
      line.reserveCapacity(2 * width)
      // Cells are one line each (see `oneLine`).
      line.append(contentsOf: repeatElement(space, count: 2 + numberWidth - number.utf8.count))
      line.append(contentsOf: number.utf8)
      line.append(space)
      line.append(contentsOf: star.utf8)
      line.append(space)
      for (index, cell) in cells.enumerated() {
        if index > 0 { line.append(contentsOf: [space, space]) }
        var (text, width) = cell
        if width > widths[index] {
          text = TextLayout.clip(text, to: widths[index])
          width = DisplayWidth.of(text)
        }
        let padding = repeatElement(space, count: max(0, widths[index] - width))
        if columns[index].alignsRight { line.append(contentsOf: padding) }
        line.append(contentsOf: text.utf8)
        if !columns[index].alignsRight { line.append(contentsOf: padding) }
      }
      while line.last == space { line.removeLast() }
      return String(decoding: line, as: UTF8.self)
    }
    // The rows of chunk `index` of `measured`, or nil once Ctrl-C was pressed.
    func rows(ofChunk index: Int) -> [String]? {
      let cells = measured[index]
      let first = index * chunkSize
      var lines: [String] = []
      lines.reserveCapacity(cells.count)
      for offset in 0..<cells.count {
        guard !interrupt.isInterrupted() else { return nil }
        let star = Record.supportsFavorites && isFavorite(record(at: first + offset)) ? "★" : " "
        let shown = columns.indices.map { (cells.values[$0][offset], cells.widths[$0][offset]) }
        lines.append(row(String(first + offset + 1), star, shown))
      }
      return lines
    }
    try write([row("#", " ", columns.map { ($0.header, DisplayWidth.of($0.header)) })])
    // Two chunks a thread at a time, handed on in order before the next are made.
    let round = 2 * max(threads, 1)
    for start in stride(from: 0, to: measured.count, by: round) {
      let count = min(round, measured.count - start)
      let made = ChunkedWork.map(count: count, chunkSize: 1, threads: threads) { chunks in
        rows(ofChunk: start + chunks.lowerBound)
      }
      var lines: [String] = []
      for chunk in made {
        guard let chunk else { throw ShellError(.interrupted) }
        lines += chunk
      }
      try write(lines)
    }
  }

  /// The cells of some rows, each on one line and measured once (measuring is most of
  /// the work on a long table), column by column.
  private struct Cells {
    /// Each column's cells: a tab or a line break in the data would break the row, so a
    /// space takes its place.
    var values: [[String]]
    /// Each cell's width.
    var widths: [[Int]]
    /// Each column's widest cell.
    var widest: [Int]
    /// Ctrl-C was pressed before every row was measured.
    var wasInterrupted = false
    /// How many rows.
    var count: Int { values.first?.count ?? 0 }

    init(
      columns: [RecordColumn<Record>], records: some Collection<Record>, interrupt: InterruptCheck
    ) {
      values = columns.map { _ in [] }
      widths = columns.map { _ in [] }
      widest = columns.map { _ in 0 }
      for index in columns.indices {
        values[index].reserveCapacity(records.count)
        widths[index].reserveCapacity(records.count)
      }
      for record in records {
        guard !interrupt.isInterrupted() else {
          wasInterrupted = true
          return
        }
        for (index, column) in columns.enumerated() {
          let value = RecordTable.oneLine(column.value(record))
          let width = DisplayWidth.of(value)
          widest[index] = max(widest[index], width)
          values[index].append(value)
          widths[index].append(width)
        }
      }
    }
  }

  /// Narrows `widths` by up to `excess` columns in all: the flexible columns first, then
  /// the others but those aligned right (amounts, whose digits must all show), each time
  /// the widest, and none below its header. A table whose headers alone are too wide
  /// stays wider than asked.
  static func fit(_ widths: inout [Int], of columns: [RecordColumn<Record>], by excess: Int) {
    var excess = excess
    let floors = columns.map { max(DisplayWidth.of($0.header), 3) }
    for round in [
      columns.indices.filter { columns[$0].isFlexible },
      columns.indices.filter { !columns[$0].alignsRight },
    ] {
      // A column at a time, always one of the widest, so that columns of one width give
      // way together.
      while excess > 0 {
        let shrinkable = round.filter { widths[$0] > floors[$0] }
        guard let widest = shrinkable.max(by: { widths[$0] < widths[$1] }) else { break }
        widths[widest] -= 1
        excess -= 1
      }
    }
  }

  /// `text` on one line: tabs, line breaks and other control characters become spaces.
  static func oneLine(_ text: String) -> String {
    TextLayout.printable(text)
  }
}
