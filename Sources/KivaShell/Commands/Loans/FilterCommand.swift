/// `filter …`: narrows the loans by amount, country, sector or favourites.
public struct FilterCommand: ShellCommand {
  /// What the command does.
  public enum Action: Equatable, Sendable {
    case show
    case maxAmount(Int)
    case minAmount(Int)
    case country(String)
    case sector(String)
    case favorites
    case clear
  }

  /// The parsed action.
  public var action: Action
  private var valueToken: Token?

  /// The 15 sectors of the Kiva API.
  public static let kivaSectors = [
    "Agriculture", "Arts", "Clothing", "Construction", "Education", "Entertainment", "Food",
    "Health", "Housing", "Manufacturing", "Personal Use", "Retail", "Services", "Transportation",
    "Wholesale",
  ]

  static let subcommands = ["max", "min", "country", "sector", "favorites", "clear"]

  public static let spec = CommandSpec(
    name: "filter",
    usage: "filter [max N | min N | country NAME | sector NAME | favorites | clear]",
    summary: "narrow the loans by amount, country, sector or favourites",
    details: """
      filter max N       only loans below $N (the tutorial's "Show loan amount below $N")
      filter min N       only loans of $N or more
      filter country X   only loans from country X
      filter sector X    only loans in sector X
      filter favorites   only favourites (again to turn it off)
      filter clear       remove every filter (the search stays)
      filter             show the active filters
      Filters combine with each other and with the search. Amounts may be written $1,000.
      """,
    examples: ["filter max 500", "filter country Kenya", "filter sector Food", "filter clear"],
    completion: .subcommands([
      .init("max"), .init("min"), .init("country", then: .value(.countries)),
      .init("sector", then: .value(.sectors)), .init("favorites"), .init("clear"),
    ]))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let word = arguments.next() else {
      action = .show
      return
    }
    let name = "filter \(word.text.lowercased())"
    switch word.text.lowercased() {
    case "max", "min":
      let amount = try arguments.number(
        command: name, what: "an amount", example: "\(name) 500", money: true)
      action = word.text.lowercased() == "max" ? .maxAmount(amount) : .minAmount(amount)
    case "country", "sector":
      guard let value = arguments.rest() else {
        let example = word.text.lowercased() == "country" ? "Kenya" : "Food"
        throw ShellError(
          .missingArgument(command: name, what: "a name", example: "\(name) \(example)"), at: word)
      }
      valueToken = value
      action = word.text.lowercased() == "country" ? .country(value.text) : .sector(value.text)
    case "favorites", "favourites", "favs":
      action = .favorites
    case "clear", "none", "off":
      action = .clear
    default:
      throw ShellError(
        .unknownSubcommand(
          command: "filter", got: word.text, choices: Self.subcommands,
          suggestion: EditDistance.closest(to: word.text, among: Self.subcommands)),
        at: word)
    }
    try arguments.expectEnd(command: name, usage: Self.spec.usage)
  }

  /// Creates the command.
  public init(_ action: Action) {
    self.action = action
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    var filters = session.loans.filters
    switch action {
    case .show:
      let phrases = filters.phrases
      context.output.line(
        phrases.isEmpty ? "no filters" : "filters: " + phrases.joined(separator: ", "))
      context.output.line(session.viewSummary())
      return
    case .maxAmount(let amount): filters.maxAmount = amount
    case .minAmount(let amount): filters.minAmount = amount
    case .country(let name):
      filters.country = try canonical(name, among: session.loans.countries, field: "country")
    case .sector(let name):
      let known = session.loans.sectors + Self.kivaSectors
      filters.sector = try canonical(name, among: known, field: "sector")
    case .favorites: filters.favoritesOnly.toggle()
    case .clear: filters = LoanFilters()
    }
    session.loans.filters = filters
    context.output.line(session.viewSummary())
  }

  /// The data's spelling of `name`, matched case- and diacritic-insensitively.
  private func canonical(_ name: String, among known: [String], field: String) throws(ShellError)
    -> String
  {
    let folded = name.folded
    if let match = known.first(where: { $0.folded == folded }) { return match }
    throw ShellError(
      .unknownValue(
        field: field, got: name, suggestion: EditDistance.closest(to: name, among: known)),
      at: valueToken?.range)
  }
}
