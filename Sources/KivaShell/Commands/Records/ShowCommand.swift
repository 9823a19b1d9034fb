/// `show N`: every detail of the record in row N of the last list.
public struct ShowCommand: CollectionCommand {
  /// The row of the last list.
  public var row: RowReference

  public static let spec = CommandSpec(
    name: "show", usage: "show N",
    summary: "show every detail of row N of the last list",
    examples: ["show 1"],
    completion: .wordFrom(.rowNumbers, then: .nothing))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    row = try arguments.rowReference(command: "show")
    try arguments.expectEnd(command: "show", usage: Self.spec.usage)
  }

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    let record = try collection.record(at: row)
    let output = context.output
    let shown = collection.shown(record)
    switch output.mode {
    case .json:
      output.data(RecordRendering.json(shown) + "\n")
      return
    case .csv:
      output.data(try RecordRendering.csv([shown]))
      return
    case .lines:
      for line in try RecordRendering.lines([record]) { output.line(line) }
      return
    case .table:
      break
    }
    let star = Record.supportsFavorites && collection.isFavorite(record) ? "  ★" : ""
    output.line(TextLayout.printable(record.name) + star)
    // The data's own line breaks are kept (a landmark's paragraphs); its other control
    // characters are not printed.
    let details = record.details.map {
      (label: $0.label, value: TextLayout.printable($0.value, keepingLineBreaks: true))
    }
    let labelWidth = max(10, details.map(\.label.count).max() ?? 0)
    let indent = String(repeating: " ", count: 2 + labelWidth + 2)
    for (label, value) in details {
      let lines = TextLayout.wrap(value, width: output.width - indent.count)
      for (index, line) in lines.enumerated() {
        let lead = index == 0 ? "  " + TextLayout.pad(label, labelWidth) + "  " : indent
        output.line(TextLayout.trimmingTrailingSpaces(lead + line))
      }
    }
  }
}
