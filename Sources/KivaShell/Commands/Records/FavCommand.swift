/// `fav N`: marks the record in row N as a favourite, or unmarks it; saved at once.
public struct FavCommand: CollectionCommand {
  public static var savesUserData: Bool { true }

  /// The row of the last list.
  public var row: RowReference

  public static let spec = CommandSpec(
    name: "fav", aliases: ["favorite", "favourite"], usage: "fav N",
    summary: "mark or unmark row N of the last list as a favourite",
    details: """
      Toggles: 'fav N' on a favourite unmarks it. Favourites show ★ in lists, are
      saved at once, and are shared with other kivash shells.
      """,
    examples: ["fav 1", "favs", "filter favorites"],
    completion: .wordFrom(.favoriteRowNumbers, then: .nothing))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    row = try arguments.rowReference(command: "fav")
    try arguments.expectEnd(command: "fav", usage: Self.spec.usage)
  }

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    try Self.requireFavorites(Record.self, command: "fav")
    let record = try collection.record(at: row)
    let marked = !collection.isFavorite(record)
    do {
      try context.store.setFavorite(marked, id: record.recordID, in: Record.kind.rawValue)
    } catch {
      throw ShellError(.saveFailed(error.message))
    }
    collection.favoriteOverrides[record.recordID] = marked
    if marked {
      context.output.line(
        context.output.paint("★", .yellow)
          + " \(TextLayout.printable(record.summary)) is now a favourite")
    } else {
      context.output.line("☆ \(TextLayout.printable(record.summary)) is no longer a favourite")
    }
  }

  /// Fails for collections without favourites (categories).
  static func requireFavorites<Record: CollectionRecord>(
    _ type: Record.Type, command: String
  ) throws(ShellError) {
    guard Record.supportsFavorites else {
      throw ShellError(
        .notApplicable(
          command: command, appliesTo: CollectionKind.withFavorites.map(\.rawValue),
          collection: Record.pluralNoun,
          missing: "favourites"))
    }
  }
}
