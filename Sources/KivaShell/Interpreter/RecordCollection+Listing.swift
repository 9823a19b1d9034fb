extension RecordCollection {
  /// Prints `rows` as a numbered table and remembers them for `show N` and `fav N`.
  mutating func printRows(_ rows: [Record], total: Int? = nil, output: Output) {
    lastListedIDs = rows.map(\.recordID)
    switch output.mode {
    case .table:
      let table = RecordTable(records: rows, isFavorite: isFavorite)
      var lines = table.lines(width: output.width)
      if let total, total > rows.count {
        lines.append("… \(total - rows.count) more; 'list \(total)' shows them all")
      }
      output.page(lines)
      return
    case .json: output.data(RecordRendering.jsonArray(asShown(rows)) + "\n")
    case .csv: output.data(RecordRendering.csv(asShown(rows)))
    case .lines:
      output.page(RecordRendering.lines(rows))
    }
    if let total, total > rows.count {
      output.line("… \(total - rows.count) more; 'list \(total)' shows them all")
    }
  }

  /// One line on what the view holds: `showing 5 of 20 loans below $500`.
  func viewSummary(count: Int? = nil) -> String {
    let shown = count ?? viewCount
    var qualifiers = filters.phrases
    if !searchText.isEmpty { qualifiers.append("matching \"\(searchText)\"") }
    if qualifiers.isEmpty { return "showing all \(Record.count(records.count))" }
    return
      "showing \(shown) of \(Record.count(records.count)) \(qualifiers.joined(separator: ", "))"
  }
}
