/// `fav N`: marks the loan in row N as a favourite, or unmarks it.
public struct FavCommand: ShellCommand {
  /// The row of the last list.
  public var row: RowReference

  public static let spec = CommandSpec(
    name: "fav", aliases: ["favorite", "favourite"], usage: "fav N",
    summary: "mark or unmark row N of the last list as a favourite",
    details: "Toggles: 'fav N' on a favourite unmarks it. Favourites show ★ in lists.",
    examples: ["fav 1", "favs", "filter favorites"],
    completion: .value(.rowNumbers))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    row = try arguments.rowReference(command: "fav")
    try arguments.expectEnd(command: "fav", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let loan = try session.loan(at: row)
    let summary = "\(loan.name) (\(loan.country), \(Money.dollars(loan.amount)))"
    if session.loans.favoriteIDs.remove(loan.id) != nil {
      context.output.line("☆ \(summary) is no longer a favourite")
    } else {
      session.loans.favoriteIDs.insert(loan.id)
      context.output.line(context.output.paint("★", .yellow) + " \(summary) is now a favourite")
    }
  }
}
