import Testing

@testable import KivaShell

@Suite("Command parser")
struct CommandParserTests {
  private func parse(_ line: String) throws -> any ShellCommand {
    let commands = try CommandParser.parse(line: line)
    try #require(commands.count == 1)
    return commands[0]
  }

  @Test("command words are case-insensitive and aliases resolve")
  func words() throws {
    #expect(try parse("LIST") is ListCommand)
    #expect(try parse("ls 3") is ListCommand)
    #expect(try parse("q") is QuitCommand)
    #expect(try parse("exit") is QuitCommand)
    #expect(try parse("? filter") is HelpCommand)
    #expect((try parse("ls 3") as? ListCommand)?.limit == 3)
    #expect((try parse("list all") as? ListCommand)?.limit == .max)
  }

  @Test(
    "filter actions",
    arguments: [
      ("filter", FilterCommand.Action.show),
      ("filter max 500", .maxAmount(500)),
      ("filter MAX $1,000", .maxAmount(1000)),
      ("filter min 25", .minAmount(25)),
      ("filter country Viet Nam", .value(.country, "Viet Nam")),
      ("filter sector 'Personal Use'", .value(.sector, "Personal Use")),
      ("filter STATE alaska", .value(.state, "alaska")),
      ("filter type Thai", .value(.type, "Thai")),
      ("filter favorites", .favorites(nil)),
      ("filter favourites", .favorites(nil)),
      ("filter favorites off", .favorites(false)),
      ("filter favs clear", .favorites(false)),
      ("filter clear", .clear),
      ("filter max clear", .maxAmount(nil)),
      ("filter min OFF", .minAmount(nil)),
      ("filter country clear", .value(.country, nil)),
      ("filter type none", .value(.type, nil)),
    ])
  func filter(line: String, action: FilterCommand.Action) throws {
    #expect((try parse(line) as? FilterCommand)?.action == action)
  }

  @Test("a line of Swift is told apart from a mistyped command")
  func swiftCode() {
    for line in ["struct Loan: Decodable {", "let x = try JSONDecoder()", "import Foundation"] {
      let word = String(line.prefix { $0 != " " })
      let error = #expect(throws: ShellError.self) {
        try CommandParser.parse(try Tokenizer.commands(in: line)[0])
      }
      #expect(error?.kind == .swiftCode(word), "\(line)")
    }
    #expect(
      ShellError(.swiftCode("let")).message
        == "'let' starts Swift code, which kivash does not run — the lab takes a model as "
        + "'model NAME { name: String; amount: Int = loan_amount }' ('help model'), and "
        + "'codegen NAME' prints its Swift")
  }

  @Test("search and suggest take the rest of the line")
  func restOfLine() throws {
    #expect((try parse("search  thai   food") as? SearchCommand)?.text == "thai food")
    #expect((try parse("search") as? SearchCommand)?.text == "")
    #expect((try parse("suggest ke") as? SuggestCommand)?.prefix == "ke")
  }

  @Test("a flag's value may follow '=', as on the command line; elsewhere '=' is text")
  func flagEquals() throws {
    let spaced = try #require(
      try parse("fetch http://h/x.json --per-page 3 --page 2") as? FetchCommand)
    let equals = try #require(
      try parse("fetch http://h/x.json --per-page=3 --page=2") as? FetchCommand)
    #expect(equals.options == spaced.options)
    #expect(spaced.options.perPage == 3)
    #expect((try parse("search --page=3") as? SearchCommand)?.text == "--page=3")
    #expect(throws: ShellError.self) { try parse("fetch --pages= http://h/x.json") }
  }

  @Test("sort")
  func sort() throws {
    #expect(
      (try parse("sort amount desc") as? SortCommand)?.action
        == .set(fieldWord: "amount", ascending: false))
    #expect(
      (try parse("sort Name") as? SortCommand)?.action
        == .set(fieldWord: "name", ascending: true))
    #expect((try parse("sort clear") as? SortCommand)?.action == .clear)
  }

  @Test(
    "errors quote the input and suggest the fix",
    arguments: [
      ("serch kenya", "unknown command 'serch' — did you mean 'search'?"),
      ("xyzzy", "unknown command 'xyzzy' — type 'help' for a list"),
      ("filter max abc", "'filter max' needs an amount, got 'abc'"),
      ("filter max", "'filter max' needs an amount — e.g. 'filter max 500'"),
      ("filter max 0", "'filter max' needs an amount of at least 1, got '0'"),
      ("filter max 1,00", "'filter max' needs an amount, got '1,00'"),
      (
        "filter max 500.00",
        "'filter max' takes whole dollars, got '500.00' — e.g. 'filter max 500'"
      ),
      (
        "filter max $499.99",
        "'filter max' takes whole dollars, got '$499.99' — e.g. 'filter max 500'"
      ),
      (
        "filter min 1,000.5",
        "'filter min' takes whole dollars, got '1,000.5' — e.g. 'filter min 1001'"
      ),
      ("filter max -5.00", "'filter max' needs an amount of at least 1, got '-5.00'"),
      ("filter min -0.5", "'filter min' needs an amount of at least 1, got '-0.5'"),
      ("filter min -$0.50", "'filter min' needs an amount of at least 1, got '-$0.50'"),
      ("filter max 0.00", "'filter max' needs an amount of at least 1, got '0.00'"),
      ("filter max $0.5", "'filter max' takes whole dollars, got '$0.5' — e.g. 'filter max 1'"),
      ("filter max 5.123", "'filter max' needs an amount, got '5.123'"),
      (
        "filter max 99999999999999999999",
        "'filter max' needs an amount of at most 9223372036854775807, got '99999999999999999999'"
      ),
      ("filter country", "'filter country' needs a value — e.g. 'filter country Kenya'"),
      ("show", "'show' needs a row number — e.g. 'show 1'"),
      ("show 1.5", "'show' needs a row number, got '1.5'"),
      ("fav -1", "'fav' needs a row number of at least 1, got '-1'"),
      ("list 2 3", "'list' does not take '3' — usage: list [N|all]"),
      ("sort amount up", "'sort amount' has no 'up' — try one of: asc, desc"),
      ("source", "'source' needs a file — e.g. 'source demo.kiva'"),
      (
        #"decode {"a":1}"#,
        #"'decode' needs a model before the JSON — e.g. 'decode FlatLoan {"a":1}'"#
      ),
      (
        "decode FlatLoan --manual --snake-case {}",
        "'--manual' and '--snake-case' cannot go together — JSONSerialization has no key or "
          + "date strategies; drop one of them"
      ),
      (
        "fetch --live --page 2 --page 3",
        "'--page 2' and '--page 3' cannot go together — give --page once"
      ),
      (
        "fetch --live --per-page 5 --per-page 5",
        "'--per-page 5' and '--per-page 5' cannot go together — give --per-page once"
      ),
    ])
  func errors(line: String, message: String) {
    #expect {
      try CommandParser.parse(line: line)
    } throws: { error in
      (error as? ShellError)?.message == message
    }
  }

  @Test("an error points at the offending word")
  func errorSpan() {
    #expect(
      throws: ShellError(
        .notANumber(command: "filter max", what: "an amount", got: "abc"), at: 11..<14)
    ) {
      try CommandParser.parse(line: "filter max abc")
    }
  }

  @Test("every command has a usage, a summary and examples that parse")
  func specs() throws {
    for command in CommandRegistry.all {
      let spec = command.spec
      #expect(!spec.usage.isEmpty && !spec.summary.isEmpty && !spec.examples.isEmpty)
      for example in spec.examples {
        #expect(throws: Never.self, "\(spec.name): \(example)") {
          try CommandParser.parse(line: example)
        }
      }
    }
  }

  @Test("category actions")
  func category() throws {
    let add = try #require(
      try parse("category add 'Home Office' desktopcomputer") as? CategoryCommand)
    #expect(add.action == .add(name: "Home Office", icon: "desktopcomputer"))
    let plain = try #require(try parse("category add Patio") as? CategoryCommand)
    #expect(plain.action == .add(name: "Patio", icon: "folder"))
    let rename = try #require(try parse("category rename 3 Yard") as? CategoryCommand)
    guard case .rename(let target, let name) = rename.action else {
      Issue.record("not a rename: \(rename.action)")
      return
    }
    #expect(target.token.text == "3")
    #expect(name == "Yard")
  }
}
