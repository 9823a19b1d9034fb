/// `filter …`: narrows the current collection by amount, a field's value, or favourites.
public struct FilterCommand: CollectionCommand {
  /// What the command does.
  ///
  /// An amount or value of nil removes that one filter (`filter max clear`, `filter
  /// country clear`), keeping the others.
  public enum Action: Equatable, Sendable {
    case show
    case maxAmount(Int?)
    case minAmount(Int?)
    case value(RecordField, String?)
    /// Favourites only: on and off in turn, or (false) off.
    case favorites(Bool?)
    case clear
    /// A word that is no filter: an error when run, naming the current collection's.
    case unknown(String)
  }

  /// The words that remove a filter: `filter clear`, `filter max clear`.
  static let clearWords = ["clear", "none", "off"]

  /// The parsed action.
  public var action: Action
  private var word: Token?
  private var valueToken: Token?

  /// The 15 sectors of the Kiva API, accepted even when no loaded loan has them.
  public static let kivaSectors = [
    "Agriculture", "Arts", "Clothing", "Construction", "Education", "Entertainment", "Food",
    "Health", "Housing", "Manufacturing", "Personal Use", "Retail", "Services", "Transportation",
    "Wholesale",
  ]

  /// The fields some collection filters by, in the order help lists them.
  static let valueFields: [RecordField] = [.country, .sector, .category, .state, .type]

  static let subcommands: [ArgumentCompletion.Subcommand] = {
    let amount = CollectionKind.filtering(by: .amount)
    var subcommands = [
      ArgumentCompletion.Subcommand("max", only: amount),
      ArgumentCompletion.Subcommand("min", only: amount),
    ]
    for field in valueFields {
      subcommands.append(
        .init(
          field.rawValue, then: .value(.filterValues(field)),
          only: CollectionKind.filtering(by: field)))
    }
    subcommands.append(.init("favorites", only: CollectionKind.withFavorites))
    subcommands.append(.init("clear"))
    return subcommands
  }()

  public static let spec = CommandSpec(
    name: "filter",
    usage: "filter [max N | min N | FIELD VALUE | favorites | clear]",
    summary: "narrow what is in view by amount, a field's value, or favourites",
    details: """
      filter max N       loans below $N (the tutorial's "Show loan amount below $N")
      filter min N       loans of $N or more
      filter country X   loans from country X (also: sector)
      filter state X     landmarks in state X (also: category)
      filter type X      restaurants of type X
      filter favorites   only favourites (again to turn it off)
      filter max clear   remove one filter (also min, country…, favorites), keeping the
                         others ('off' and 'none' do the same)
      filter clear       remove every filter (the search stays)
      filter             show the active filters
      Filters combine with each other and with the search. Amounts may be written $1,000.
      """,
    examples: ["filter max 500", "filter country Kenya", "filter favorites", "filter clear"],
    completion: .subcommands(subcommands))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let word = arguments.next() else {
      action = .show
      return
    }
    self.word = word
    let lowered = word.text.lowercased()
    let name = "filter \(lowered)"
    if lowered == "max" || lowered == "min",
      let next = arguments.peek(), Self.clearWords.contains(next.text.lowercased())
    {
      _ = arguments.next()
      action = lowered == "max" ? .maxAmount(nil) : .minAmount(nil)
    } else if lowered == "max" || lowered == "min" {
      let amount = try arguments.number(
        command: name, what: "an amount", example: "\(name) 500", money: true)
      action = lowered == "max" ? .maxAmount(amount) : .minAmount(amount)
    } else if let field = Self.valueFields.first(where: { $0.rawValue == lowered }) {
      guard let value = arguments.rest() else {
        throw ShellError(
          .missingArgument(
            command: name, what: "a value", example: "\(name) \(Self.example(for: field))"),
          at: word)
      }
      valueToken = value
      // No country, sector, state, category or type is called "clear".
      let clears = Self.clearWords.contains(value.text.lowercased())
      action = .value(field, clears ? nil : value.text)
    } else if ["favorites", "favourites", "favs"].contains(lowered) {
      let clears = arguments.peek().map { Self.clearWords.contains($0.text.lowercased()) }
      if clears == true { _ = arguments.next() }
      action = .favorites(clears == true ? false : nil)
    } else if Self.clearWords.contains(lowered) {
      action = .clear
    } else {
      // Which filters there are depends on the collection in use when it runs.
      action = .unknown(word.text)
      return
    }
    try arguments.expectEnd(command: name, usage: Self.spec.usage)
  }

  /// Creates the command.
  public init(_ action: Action) {
    self.action = action
  }

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    var filters = collection.filters
    switch action {
    case .show:
      let phrases = filters.phrases
      context.output.line(
        phrases.isEmpty ? "no filters" : "filters: " + phrases.joined(separator: ", "))
      context.output.line(collection.viewSummary())
      return
    case .maxAmount(let amount):
      try require(.amount, of: Record.self, command: "filter max")
      filters.maxAmount = amount
    case .minAmount(let amount):
      try require(.amount, of: Record.self, command: "filter min")
      filters.minAmount = amount
    case .value(let field, let value):
      try require(field, of: Record.self, command: "filter \(field.rawValue)")
      var known = collection.filterValues[field] ?? []
      if field == .sector { known += Self.kivaSectors }
      filters.values[field] = try value.map { (value) throws(ShellError) in
        try canonical(value, among: known, field: field, Record.self)
      }
    case .favorites(let on):
      try FavCommand.requireFavorites(Record.self, command: "filter favorites")
      filters.favoritesOnly = on ?? !filters.favoritesOnly
    case .clear:
      filters = RecordFilters()
    case .unknown(let text):
      let choices = Self.subcommands.filter { $0.only?.contains(Record.kind) ?? true }.map(\.name)
      throw ShellError(
        .unknownSubcommand(
          command: "filter", got: text, choices: choices,
          suggestion: EditDistance.closest(to: text, among: choices)),
        at: word?.range)
    }
    collection.filters = filters
    context.output.line(collection.viewSummary())
    if let max = filters.maxAmount, let min = filters.minAmount, min >= max {
      context.output.warning(
        "no amount is \(Money.dollars(min)) or more and below \(Money.dollars(max)) — "
          + "'filter max clear' or 'filter min clear' removes one")
    }
  }

  private func require<Record: CollectionRecord>(
    _ field: RecordField, of type: Record.Type, command: String
  ) throws(ShellError) {
    guard Record.filterFields.contains(field) else {
      throw ShellError(
        .notApplicable(
          command: command, appliesTo: CollectionKind.filtering(by: field).map(\.rawValue),
          collection: Record.pluralNoun, missing: field.label),
        at: word?.range)
    }
  }

  /// The data's spelling of `value`, matched case- and diacritic-insensitively.
  private func canonical<Record: CollectionRecord>(
    _ value: String, among known: [String], field: RecordField, _ type: Record.Type
  ) throws(ShellError) -> String {
    let folded = value.folded
    if let match = known.first(where: { $0.folded == folded }) { return match }
    throw ShellError(
      .unknownValue(
        noun: Record.pluralNoun, field: field.label, got: value,
        suggestion: EditDistance.closest(to: value, among: known)),
      at: valueToken?.range)
  }

  private static func example(for field: RecordField) -> String {
    switch field {
    case .country: "Kenya"
    case .sector: "Food"
    case .state: "Alaska"
    case .category: "Lakes"
    default: "Thai"
    }
  }
}
