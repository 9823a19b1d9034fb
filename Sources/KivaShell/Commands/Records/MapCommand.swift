/// `map`: where the records in view are, drawn on a small character map.
public struct MapCommand: CollectionCommand {
  public static let spec = CommandSpec(
    name: "map", usage: "map",
    summary: "draw where the records in view are on a character map",
    details: """
      Landmarks are drawn at their coordinates, each marked 1–9, A–Z, with a legend;
      loans at the coordinates of their town or country (geo pairs), as density marks
      when there are many. The map is fitted around the places, north up.
      """,
    examples: ["map", "use landmarks; filter state Alaska; map"],
    completion: .nothing, pagesOutput: true)

  public init(parsing arguments: Arguments) throws(ShellError) {
    try arguments.expectEnd(command: "map", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init() {}

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    guard Record.hasPositions else {
      throw ShellError(
        .notApplicable(
          command: "map", appliesTo: ["landmarks", "loans"], collection: Record.pluralNoun,
          missing: "coordinates"))
    }
    // Positions first, without copying records; names only when the legend shows them
    // (a million loans are density marks, and their summaries would take a second).
    let records = collection.records
    func place(_ indices: [Int]) -> [(index: Int, position: (latitude: Double, longitude: Double))]
    {
      indices.compactMap { index in records[index].position.map { (index, $0) } }
    }
    // The order only numbers the legend's points: those alone are put in it.
    var placed = place(collection.unorderedViewIndices())
    let labelled = placed.count <= CharacterMap.labelLimit
    if labelled { placed = place(collection.ordered(placed.map(\.index))) }
    let points = placed.map { index, position in
      CharacterMap.Point(
        latitude: position.latitude, longitude: position.longitude,
        name: labelled ? TextLayout.printable(records[index].summary) : "")
    }
    guard !points.isEmpty else {
      context.output.line("nothing to map — \(collection.viewSummary(count: 0))")
      return
    }
    for line in CharacterMap.lines(points, width: context.output.width) {
      context.output.line(line)
    }
  }
}
