import Testing

@testable import KivaShell

@Suite("TAB completion")
struct CompleterTests {
  private func tab(
    _ text: String, repeated: Bool = false, in session: Session = SampleLoans.session
  )
    -> CompletionEdit
  {
    Completer.edit(
      for: CompletionRequest(textBeforeCursor: text, isRepeated: repeated), in: session)
  }

  @Test("completes command words")
  func commandWords() {
    #expect(tab("sea") == CompletionEdit(deleteBackward: 3, insert: "search "))
    #expect(tab("se", repeated: true).listing == ["search", "set"])
    #expect(tab("SU") == CompletionEdit(deleteBackward: 2, insert: "suggest "))
    #expect(tab("fa") == CompletionEdit(deleteBackward: 2, insert: "fav"))
    #expect(tab("fav") == .none)
    #expect(tab("fav", repeated: true).listing == ["fav", "favs"])
    #expect(tab("zz") == .none)
    // On an empty line the first TAB lists them all.
    #expect(tab("").listing == tab("", repeated: true).listing)
    #expect(tab("  ").listing.contains("fetch"))
    #expect(tab("").insert.isEmpty)
  }

  @Test("in a comment TAB completes nothing, and leaves the comment as it is")
  func inAComment() {
    #expect(tab("filter country ke # x") == .none)
    #expect(tab("filter country ke # x", repeated: true) == .none)
    #expect(tab("search kenya # ph") == .none)
    #expect(tab("count # se") == .none)
    // Before the comment, the value completes as ever.
    #expect(tab("filter country Ke") == CompletionEdit(deleteBackward: 2, insert: "Kenya "))
  }

  @Test("completes sub-commands; a second TAB lists them")
  func subcommands() {
    #expect(tab("filter c") == .none)
    #expect(tab("filter c", repeated: true).listing == ["country", "clear"])
    #expect(tab("filter co") == CompletionEdit(deleteBackward: 2, insert: "country "))
    #expect(tab("filter ") == .none)
    #expect(
      tab("filter ", repeated: true).listing
        == ["max", "min", "country", "sector", "favorites", "clear"])
    #expect(tab("sort amount d") == CompletionEdit(deleteBackward: 1, insert: "desc "))
    #expect(tab("fetch; filter m") == .none)
  }

  @Test("completes values from the data, folded")
  func values() {
    #expect(tab("filter country ke") == CompletionEdit(deleteBackward: 2, insert: "Kenya "))
    #expect(tab("filter country viet") == CompletionEdit(deleteBackward: 4, insert: "Viet Nam "))
    #expect(tab("filter sector agr") == CompletionEdit(deleteBackward: 3, insert: "Agriculture "))
    #expect(tab("filter sector per") == CompletionEdit(deleteBackward: 3, insert: "Personal Use "))
    // The data's sectors are listed (most loans first), not Kiva's others, which would
    // show no loan.
    #expect(
      tab("filter sector ", repeated: true).listing == [
        "Food", "Agriculture", "Clothing", "Retail",
      ]
    )
    #expect(tab("filter max ") == .none)
  }

  @Test("search completes from suggestions: recent searches first, then the data")
  func search() {
    #expect(tab("search mare") == CompletionEdit(deleteBackward: 4, insert: "Marème "))
    #expect(tab("search MARE") == CompletionEdit(deleteBackward: 4, insert: "Marème "))
    var session = SampleLoans.session
    session.loans.recentSearches.record("kvemo")
    #expect(tab("search k", in: session) == .none)
    #expect(
      tab("search k", repeated: true, in: session).listing == ["kvemo", "Kenya", "Kvemo Alvani"])
    #expect(tab("search ", repeated: true, in: session).listing.first == "kvemo")
  }

  @Test("a multi-word value replaces the words typed so far")
  func multiWord() {
    #expect(tab("search ho chi") == CompletionEdit(deleteBackward: 6, insert: "Ho Chi Minh City "))
  }

  @Test("inserted values are escaped for the tokenizer; an apostrophe between letters is not")
  func escaping() {
    var session = Session()
    session.loans.load(
      ["Pheap's Group", "Kim's 'Best' Shop", "Sisters' Shop"].enumerated().map { index, name in
        Loan(
          id: index, name: name, country: "Cambodia", use: "x", amount: 1, sector: "Food",
          activity: "Farming")
      }, from: "test")
    #expect(
      tab("search phe", in: session) == CompletionEdit(deleteBackward: 3, insert: "Pheap's Group "))
    #expect(
      tab("search kim", in: session)
        == CompletionEdit(deleteBackward: 3, insert: #"Kim's \'Best\' Shop "#))
    #expect(
      tab("search sis", in: session)
        == CompletionEdit(deleteBackward: 3, insert: #"Sisters\' Shop "#))
    // Each inserted line reads back as the name itself.
    for (line, name) in [
      ("search Pheap's Group", "Pheap's Group"),
      (#"search Kim's \'Best\' Shop"#, "Kim's 'Best' Shop"),
      (#"search Sisters\' Shop"#, "Sisters' Shop"),
    ] {
      let words = (try? Tokenizer.commands(in: line).first) ?? []
      #expect(words.dropFirst().map { (word: Token) in word.text }.joined(separator: " ") == name)
    }
  }

  @Test("row numbers follow the last list")
  func rows() {
    var session = SampleLoans.session
    session.loans.lastListedIDs = (1...12).map(String.init)
    #expect(tab("show 1", repeated: true, in: session).listing == ["1", "10", "11", "12"])
    #expect(tab("fav 9", in: session) == CompletionEdit(deleteBackward: 1, insert: "9 "))
    #expect(tab("show 1", in: session) == .none)
    #expect(tab("show ", in: session) == .none)
    #expect(tab("show ", repeated: true, in: session).listing.count == 12)
    #expect(tab("show 12", in: session) == CompletionEdit(deleteBackward: 2, insert: "12 "))
    session.loans.lastListedIDs = ["1"]
    #expect(tab("show ", in: session) == CompletionEdit(deleteBackward: 0, insert: "1 "))
    // One row each: after it, nothing more.
    #expect(tab("show 1 ", repeated: true, in: session) == .none)
    #expect(tab("fav 1 1", repeated: true, in: session) == .none)
  }

  @Test("in categories, fav offers no row and stats no 'by': both would be errors there")
  func onlyWhereTheyApply() {
    var session = Session.withBuiltInData()
    session.current = .categories
    #expect(tab("fav ", repeated: true, in: session) == .none)
    #expect(tab("stats ", repeated: true, in: session) == .none)
    #expect(tab("show ", repeated: true, in: session).listing.count == 8)
    session.current = .landmarks
    #expect(tab("fav ", repeated: true, in: session).listing.count == 12)
    #expect(tab("stats ", in: session) == CompletionEdit(deleteBackward: 0, insert: "by "))
  }

  @Test("model delete offers the user's models; model and codegen the lab's")
  func models() throws {
    let shell = Shell(session: SampleLoans.session, output: Output(sink: CapturingSink()))
    try shell.execute(line: "model MyLoan { name: String }; model MyPage { loans: [MyLoan] }")
    let session = shell.session
    // The built-in models cannot be deleted: only the user's two are offered.
    #expect(tab("model delete ", in: session) == CompletionEdit(deleteBackward: 0, insert: "My"))
    #expect(tab("model delete My", repeated: true, in: session).listing == ["MyLoan", "MyPage"])
    #expect(
      tab("model delete -", in: session) == CompletionEdit(deleteBackward: 1, insert: "--all "))
    #expect(
      tab("model delete MyL", in: session) == CompletionEdit(deleteBackward: 3, insert: "MyLoan "))
    #expect(tab("model del", in: session) == CompletionEdit(deleteBackward: 3, insert: "delete "))
    #expect(tab("model MyP", in: session) == CompletionEdit(deleteBackward: 3, insert: "MyPage "))
    #expect(tab("model Fl", in: session) == CompletionEdit(deleteBackward: 2, insert: "FlatLoan "))
    #expect(tab("model MyLoan ", repeated: true, in: session) == .none)
    #expect(tab("codegen My", repeated: true, in: session).listing == ["MyLoan", "MyPage"])
    // `Loan` is a Swift type, which codegen does not take: only LoanStore is left.
    #expect(
      tab("codegen Loa", in: session) == CompletionEdit(deleteBackward: 3, insert: "LoanStore "))
  }

  @Test("codegen completes its flags and the values of --dates")
  func codegenFlags() {
    #expect(
      tab("codegen FlatLoan --", repeated: true).listing == ["--snake-case", "--dates"])
    #expect(
      tab("codegen FlatLoan --s") == CompletionEdit(deleteBackward: 3, insert: "--snake-case "))
    #expect(
      tab("codegen FlatLoan --snake-case --")
        == CompletionEdit(deleteBackward: 2, insert: "--dates "))
    #expect(
      tab("codegen FlatLoan --dates ", repeated: true).listing
        == ["iso8601", "seconds", "deferred"])
  }

  @Test("at the ...> prompt of a block, TAB offers nothing: no command starts there")
  func continuation() {
    for text in ["", "se", "  \"name\": \"x\", ", "fi"] {
      let request = CompletionRequest(
        textBeforeCursor: text, isRepeated: true, continuesBlock: true)
      #expect(Completer.edit(for: request, in: SampleLoans.session) == .none)
    }
    #expect(tab("se", repeated: true).listing == ["search", "set"])
  }

  @Test("shared prefixes extend the word; case follows the first candidate")
  func sharedPrefix() {
    #expect(Completer.sharedPrefix(of: ["Food", "food market", "Food Stall"]) == "Food")
    #expect(Completer.sharedPrefix(of: ["abc", "abd"]) == "ab")
    #expect(Completer.sharedPrefix(of: ["x", "y"]) == "")
    // Exact starts and folded ones, in either order.
    #expect(Completer.sharedPrefix(of: ["Food Stall", "Food", "food market"]) == "Food")
    #expect(Completer.sharedPrefix(of: ["abc", "abcd", "abd"]) == "ab")
    #expect(Completer.sharedPrefix(of: ["Café", "cafe au lait", "Café Noir"]) == "Café")
    #expect(Completer.sharedPrefix(of: ["ab", "abc", "x", "ab"]) == "")
    #expect(Completer.sharedPrefix(of: ["only"]) == "only")
    #expect(Completer.sharedPrefix(of: []) == "")
  }

  @Test("a name written decomposed (NFD) goes in precomposed, its accent kept")
  func decomposedAccents() {
    var session = SampleLoans.session
    session.loans.load(
      [
        Loan(
          id: 9, name: "Mare\u{0300}me", country: "Senegal", use: "fish", amount: 500,
          sector: "Food", activity: "Fish Selling")
      ], from: "nfd")
    let edit = tab("search mare", in: session)
    #expect(edit.deleteBackward == 4)
    #expect(Array(edit.insert.unicodeScalars) == Array("Mar\u{E8}me ".unicodeScalars))
  }
}
