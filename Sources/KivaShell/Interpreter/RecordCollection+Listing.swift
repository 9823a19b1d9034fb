extension RecordCollection {
  /// Prints `rows` as a numbered table and remembers them for `show N` and `fav N`, as
  /// they begin to be shown: a list Ctrl-C stops while it is shown (in the pager too)
  /// keeps its numbers, which the shell keeps (`Session.keepRowNumbers(of:)`). A long
  /// list stops on Ctrl-C (`.interrupted`), while it is built and while it is written.
  /// `rows` may be a view of the records (`rows(at:)`): a million are not copied.
  mutating func printRows<Rows: RandomAccessCollection<Record>>(
    _ rows: Rows, total: Int? = nil, context: CommandContext
  ) throws(ShellError) {
    let output = context.output
    let interrupt = context.interrupt
    let ids = rows.map(\.recordID)
    switch output.mode {
    case .table:
      let table = RecordTable(records: rows, isFavorite: isFavorite)
      let more = total.flatMap {
        $0 > rows.count ? "… \($0 - rows.count) more; 'list all' shows them all" : nil
      }
      // Into a pipe or a file, rows go out as they are made: `list all | head` ends as
      // soon as head does, and a million rows never stand whole in memory. At a terminal
      // the pager needs them all first.
      guard output.isTerminal else {
        var shown = false
        try table.write(width: output.width, interrupt: interrupt) { lines in
          if !shown {
            shown = true
            lastListedIDs = ids
          }
          for line in lines { output.line(line) }
        }
        if let more { output.line(more) }
        return
      }
      var lines = try table.lines(width: output.width, interrupt: interrupt)
      if let more { lines.append(more) }
      lastListedIDs = ids
      try output.page(lines, interrupt: interrupt)
      return
    case .json:
      lastListedIDs = ids
      try RecordRendering.writeJSONArray(
        rows, interrupt: interrupt, transform: shown, write: output.data)
      output.data("\n")
    case .csv:
      lastListedIDs = ids
      try RecordRendering.writeCSV(rows, interrupt: interrupt, transform: shown, write: output.data)
    case .lines:
      let lines = try RecordRendering.lines(rows, interrupt: interrupt)
      lastListedIDs = ids
      try output.page(lines, interrupt: interrupt)
    }
    if let total, total > rows.count {
      output.line("… \(total - rows.count) more; 'list all' shows them all")
    }
  }

  /// The records at `indices` of `records`, each looked up as it is read.
  func rows<Indices: RandomAccessCollection<Int>>(at indices: Indices)
    -> LazyMapCollection<Indices, Record>
  {
    let all = records
    return indices.lazy.map { all[$0] }
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
