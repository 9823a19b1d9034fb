import Foundation

/// `show N`: every detail of the loan in row N of the last list.
public struct ShowCommand: ShellCommand {
  /// The row of the last list.
  public var row: RowReference

  public static let spec = CommandSpec(
    name: "show", usage: "show N",
    summary: "show every detail of row N of the last list",
    examples: ["show 1"],
    completion: .value(.rowNumbers))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    row = try arguments.rowReference(command: "show")
    try arguments.expectEnd(command: "show", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let loan = try session.loan(at: row)
    let output = context.output
    output.line(loan.name + (session.loans.isFavorite(loan) ? "  ★" : ""))
    for (label, value) in Self.details(of: loan) {
      output.line("  " + LoanTable.pad(label, 10) + "  " + value)
    }
  }

  static func details(of loan: Loan) -> [(String, String)] {
    var funded = ""
    if let fundedAmount = loan.fundedAmount { funded = " (\(Money.dollars(fundedAmount)) funded)" }
    var rows: [(String, String)] = [
      ("id", String(loan.id)),
      ("country", loan.country + (loan.countryCode.map { " (\($0))" } ?? "")),
      ("town", loan.town ?? "—"),
      ("use", loan.use),
      ("amount", Money.dollars(loan.amount) + funded),
      ("sector", loan.sector),
      ("activity", loan.activity),
      ("status", loan.status),
      ("posted", loan.postedDate.map(Self.format) ?? "—"),
    ]
    if let count = loan.borrowerCount { rows.append(("borrowers", String(count))) }
    if let themes = loan.themes, !themes.isEmpty {
      rows.append(("themes", themes.joined(separator: ", ")))
    }
    if let tags = loan.tags, !tags.isEmpty { rows.append(("tags", tags.joined(separator: ", "))) }
    return rows
  }

  private static func format(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0)
  }
}
