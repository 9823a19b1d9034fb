import Foundation

/// `stats [by FIELD]`: count, sum, min, median and max of the amounts in view and a
/// histogram of them; or bars per value of a field.
public struct StatsCommand: CollectionCommand {
  /// The field to group by; nil for the amounts.
  public var groupWord: String?
  private var groupToken: Token?
  /// `by` when no field follows it: the hint names one of the collection's fields, so
  /// it is given when the command runs.
  private var byWithoutField: Token?

  /// How many groups `stats by` draws before summing up the rest.
  public static let groupLimit = 25

  public static let spec = CommandSpec(
    name: "stats", usage: "stats [by FIELD]",
    summary: "count, sum, median and a histogram of what is in view",
    details: """
      For loans: the count, sum, smallest, median and largest amount of the loans in
      view, and a histogram of their amounts in round bins, drawn to the terminal's
      width; an active 'filter max' or 'filter min' is marked where it cuts.
      'stats by country' (or sector; for landmarks category or state, for restaurants
      type) draws a bar per value, most first. In json and csv modes the numbers are
      printed as data. JSON is always one object with the count: for amounts, with sum,
      min, median, max and histogram; for bars, with by (the field) and groups (value,
      count, and sum where there are amounts). CSV is one table: for amounts a row per
      figure (statistic,lower,upper,value: count,,,20 … then bin,0,499,5 for each bar);
      for bars a row per value.
      """,
    examples: ["stats", "stats by country", "stats by sector"],
    completion: .subcommands([
      .init(
        "by", then: .wordFrom(.filterFieldNames, then: .nothing),
        only: [.loans, .landmarks, .restaurants])
    ]))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    if let by = arguments.next() {
      guard by.text.lowercased() == "by" else {
        throw ShellError(
          .unexpectedArgument(command: "stats", got: by.text, usage: Self.spec.usage), at: by)
      }
      if let field = arguments.next() {
        groupWord = field.text.lowercased()
        groupToken = field
      } else {
        byWithoutField = by
      }
    }
    try arguments.expectEnd(command: "stats", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init(by field: String? = nil) {
    groupWord = field
  }

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    let fields = Record.filterFields.filter { $0 != .amount }
    if byWithoutField != nil || groupWord != nil, fields.isEmpty {
      throw ShellError(
        .notApplicable(
          command: "stats by", appliesTo: ["loans", "landmarks", "restaurants"],
          collection: Record.pluralNoun, missing: "field to group by"),
        at: (groupToken ?? byWithoutField)?.range)
    }
    if let by = byWithoutField, let field = fields.first {
      throw ShellError(
        .missingArgument(
          command: "stats by", what: "a field", example: "stats by \(field.rawValue)"),
        at: by)
    }
    if let groupWord {
      guard let field = fields.first(where: { $0.rawValue == groupWord }) else {
        let names = fields.map(\.rawValue)
        throw ShellError(
          .unknownSubcommand(
            command: "stats by", got: groupWord, choices: names,
            suggestion: EditDistance.closest(to: groupWord, among: names)),
          at: groupToken?.range)
      }
      StatsReport(collection: collection, output: context.output).groups(by: field)
    } else if Record.filterFields.contains(.amount) {
      StatsReport(collection: collection, output: context.output).amounts()
    } else {
      // No amounts: the count, and the bars of the first field (which alone are the
      // data in json and csv modes: their counts add up to it).
      let report = StatsReport(collection: collection, output: context.output)
      guard let field = fields.first else {
        report.count(moreFollows: false)
        return
      }
      // An empty view is said once ("nothing to count"), not as a count of 0 first.
      if !context.output.mode.isMachineReadable, collection.viewCount > 0 {
        report.count(moreFollows: true)
      }
      report.groups(by: field)
    }
  }
}
