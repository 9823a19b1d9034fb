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
      // Favourites are kept by id across loads: some may be of records not loaded now.
      let saved = collection.favoriteOverrides.values.filter { $0 }.count
      context.output.line(
        saved == 0
          ? "no favourites yet — 'fav N' marks row N of a list"
          : "no favourites among these \(Record.pluralNoun) — "
            + (saved == 1
              ? "the 1 saved is of a \(Record.noun) not loaded now"
              : "the \(saved) saved are of \(Record.pluralNoun) not loaded now"))
      if context.output.mode.isMachineReadable { try collection.printRows([], context: context) }
      return
    }
    try collection.printRows(favorites, context: context)
  }
}
