/// `favs`: lists the favourites of the current collection.
public struct FavsCommand: CollectionCommand {
  public static let spec = CommandSpec(
    name: "favs", aliases: ["favorites", "favourites"], usage: "favs",
    summary: "list the favourites",
    details: "Lists every favourite of the current collection, whatever the filters.",
    examples: ["favs"])

  public init(parsing arguments: Arguments) throws(ShellError) {
    try arguments.expectEnd(command: "favs", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init() {}

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    try FavCommand.requireFavorites(Record.self, command: "favs")
    let favorites = collection.favorites
    guard !favorites.isEmpty else {
      context.output.line("no favourites yet — 'fav N' marks row N of a list")
      if context.output.mode.isMachineReadable { try collection.printRows([], context: context) }
      return
    }
    try collection.printRows(favorites, context: context)
  }
}
