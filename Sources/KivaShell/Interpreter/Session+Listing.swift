extension Session {
  /// Prints `rows` as a numbered table and remembers them for `show N` and `fav N`.
  mutating func printRows(_ rows: [Loan], total: Int? = nil, output: Output) {
    lastListedIDs = rows.map(\.id)
    let table = LoanTable(loans: rows, favoriteIDs: loans.favoriteIDs)
    for line in table.lines(width: output.width) {
      output.line(line)
    }
    if let total, total > rows.count {
      output.line("… \(total - rows.count) more; 'list \(total)' shows them all")
    }
  }

  /// One line on what the view holds: `showing 5 of 20 loans below $500`.
  func viewSummary(count: Int? = nil) -> String {
    let shown = count ?? loans.view().count
    let total = loans.loans.count
    var qualifiers = loans.filters.phrases
    if !loans.searchText.isEmpty { qualifiers.append("matching \"\(loans.searchText)\"") }
    if qualifiers.isEmpty { return "showing all \(Self.loansCount(total))" }
    return "showing \(shown) of \(Self.loansCount(total)) \(qualifiers.joined(separator: ", "))"
  }

  /// `1 loan`, `20 loans`.
  static func loansCount(_ count: Int) -> String {
    count == 1 ? "1 loan" : "\(count) loans"
  }
}
