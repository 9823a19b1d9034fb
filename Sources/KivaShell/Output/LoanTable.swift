/// Renders loans as the numbered table that `list`, `search` and `favs` print.
struct LoanTable {
  let loans: [Loan]
  let favoriteIDs: Set<Int>

  /// The table's lines, fitted to `width` columns; the `use` column gives way first.
  func lines(width: Int) -> [String] {
    let numbers = loans.indices.map { String($0 + 1) }
    let names = loans.map { Self.clip($0.name, to: 24) }
    let countries = loans.map { Self.clip($0.country, to: 16) }
    let amounts = loans.map { Money.dollars($0.amount) }
    let numberWidth = max(1, numbers.map(\.count).max() ?? 1)
    let nameWidth = max(4, names.map(\.count).max() ?? 0)
    let countryWidth = max(7, countries.map(\.count).max() ?? 0)
    let amountWidth = max(6, amounts.map(\.count).max() ?? 0)
    // "  # ★ name  country  use  amount": fixed parts around the use column.
    let fixed = 2 + numberWidth + 3 + nameWidth + 2 + countryWidth + 2 + 2 + amountWidth
    let longestUse = loans.map(\.use.count).max() ?? 0
    let useWidth = max(3, min(longestUse, 50, max(10, width - fixed)))
    let uses = loans.map { Self.clip($0.use, to: useWidth) }

    func row(
      _ number: String, _ star: String, _ name: String, _ country: String, _ use: String,
      _ amount: String
    ) -> String {
      let columns = [
        "  " + Self.padLeft(number, numberWidth) + " " + star + " " + Self.pad(name, nameWidth),
        Self.pad(country, countryWidth), Self.pad(use, useWidth), Self.padLeft(amount, amountWidth),
      ]
      return columns.joined(separator: "  ")
    }
    var lines = [row("#", " ", "name", "country", "use", "amount")]
    for index in loans.indices {
      let star = favoriteIDs.contains(loans[index].id) ? "★" : " "
      lines.append(
        row(numbers[index], star, names[index], countries[index], uses[index], amounts[index]))
    }
    return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// `text` cut to `limit` characters, ending in `…` when cut.
  static func clip(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  static func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
