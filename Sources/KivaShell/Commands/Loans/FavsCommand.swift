/// `favs`: lists the favourite loans.
public struct FavsCommand: ShellCommand {
  public static let spec = CommandSpec(
    name: "favs", aliases: ["favorites", "favourites"], usage: "favs",
    summary: "list the favourite loans",
    details: "Lists every favourite among the loaded loans, whatever the filters.",
    examples: ["favs"])

  public init(parsing arguments: Arguments) throws(ShellError) {
    try arguments.expectEnd(command: "favs", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init() {}

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let favorites = session.loans.loans.filter(session.loans.isFavorite)
    guard !favorites.isEmpty else {
      context.output.line("no favourites yet — 'fav N' marks row N of a list")
      return
    }
    session.printRows(favorites, output: context.output)
  }
}
