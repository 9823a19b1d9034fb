import Testing

@testable import KivaShell

@Suite("Tokenizer")
struct TokenizerTests {
  private func words(_ line: String) throws -> [[String]] {
    try Tokenizer.commands(in: line).map { $0.map(\.text) }
  }

  @Test(
    "splits like a shell",
    arguments: [
      ("list", [["list"]]),
      ("  filter   max  500 ", [["filter", "max", "500"]]),
      ("search 'Pheap''s'", [["search", "Pheaps"]]),
      (#"search "Pheap's Group""#, [["search", "Pheap's Group"]]),
      (#"search Pheap\'s"#, [["search", "Pheap's"]]),
      (#"search "a \"quoted\" word""#, [["search", #"a "quoted" word"#]]),
      (#"search "back\\slash""#, [["search", #"back\slash"#]]),
      ("fetch; filter max 500;list", [["fetch"], ["filter", "max", "500"], ["list"]]),
      ("search 'a;b' # comment", [["search", "a;b"]]),
      ("search a#b", [["search", "a#b"]]),
      ("# only a comment", []),
      (" ; ;", []),
      ("", []),
      ("search ''", [["search", ""]]),
      ("search Marème", [["search", "Marème"]]),
      // An apostrophe between letters is one, not a quote.
      ("search lin's", [["search", "lin's"]]),
      ("category add Kid's Room", [["category", "add", "Kid's", "Room"]]),
      (
        "search lin's; use restaurants; search haigh's",
        [["search", "lin's"], ["use", "restaurants"], ["search", "haigh's"]]
      ),
      ("search d'Ivoire", [["search", "d'Ivoire"]]),
      ("search 'x' y", [["search", "x", "y"]]),
      (
        #"decode Loan {"name": "a }", "n": [1, 2]}"#,
        [["decode", "Loan", #"{"name": "a }", "n": [1, 2]}"#]]
      ),
      (#"infer [{"a": "x;y"}]; list"#, [["infer", #"[{"a": "x;y"}]"#], ["list"]]),
      (#"model P { a: Int; b: [String] }"#, [["model", "P", "{ a: Int; b: [String] }"]]),
      (#"decode X {"q": "\"}\""}"#, [["decode", "X", #"{"q": "\"}\""}"#]]),
    ])
  func splits(line: String, expected: [[String]]) throws {
    #expect(try words(line) == expected)
  }

  @Test("keeps each word's columns, quotes included")
  func columns() throws {
    let tokens = try Tokenizer.commands(in: #"filter  "max" 5"#)[0]
    #expect(tokens.map(\.range) == [0..<6, 8..<13, 14..<15])
  }

  @Test("marks the words typed with quotes or a backslash in them")
  func quotedWords() throws {
    let tokens = try Tokenizer.commands(in: #"cat delete "3" 3 \3 'a b' Kid's"#)[0]
    #expect(tokens.map(\.isQuoted) == [false, false, true, false, true, true, false])
    #expect(Tokenizer.partial(#"cat delete "3"#).current.isQuoted)
    #expect(!Tokenizer.partial("cat delete 3").current.isQuoted)
  }

  @Test("a backslash that ends a line is an error pointing at it, not dropped")
  func backslashEndsLine() throws {
    #expect(throws: ShellError(.backslashEndsLine, at: 10..<11)) {
      try Tokenizer.commands(in: #"search ken\"#)
    }
    #expect(throws: ShellError(.backslashEndsLine, at: 10..<11)) {
      try Tokenizer.commands(in: "search ken\\\nya")
    }
    #expect(try words(#"search a\\"#) == [["search", #"a\"#]])
    #expect(
      ShellError(.backslashEndsLine).message
        == #"a '\' at the end of the line escapes nothing — a command goes on one line "#
        + #"(only an open '{' or '[' block goes on to the next); write '\\' for a backslash"#)
  }

  @Test("an unterminated quote is an error pointing at the quote")
  func unterminatedQuote() {
    #expect(throws: ShellError(.unterminatedQuote("\"", text: #""kenya"#), at: 7..<8)) {
      try Tokenizer.commands(in: #"search "kenya"#)
    }
    #expect(throws: ShellError(.unterminatedQuote("'", text: "'"), at: 0..<1)) {
      try Tokenizer.commands(in: "'")
    }
    #expect(
      ShellError.Kind.unterminatedQuote("\"", text: #""kenya; list"#).message
        == #"unterminated " quote in "kenya; list — add the closing ""#)
    // A quote opened after a word, or closed by a letter's apostrophe, is still a quote.
    #expect(throws: ShellError(.unterminatedQuote("'", text: "'"), at: 13..<14)) {
      try Tokenizer.commands(in: "search 'lin's'")
    }
    #expect(throws: ShellError(.unterminatedQuote("'", text: "'"), at: 12..<13)) {
      try Tokenizer.commands(in: "search Jones'")
    }
    #expect(
      ShellError.Kind.unterminatedQuote("'", text: "'kenya").message
        == #"unterminated ' quote in 'kenya — add the closing ', or put text with an apostrophe in "…""#
    )
  }

  @Test("the partial form never fails and exposes the word under the cursor")
  func partial() {
    let open = Tokenizer.partial(#"search "mare"#)
    #expect(open.words.map(\.text) == ["search"])
    #expect(open.current.text == "mare")
    #expect(open.current.range == 7..<12)
    #expect(open.openQuote == "\"")

    let afterSpace = Tokenizer.partial("fetch; filter ")
    #expect(afterSpace.words.map(\.text) == ["filter"])
    #expect(afterSpace.current.text == "")
    #expect(afterSpace.current.range == 14..<14)
  }

  @Test("an open block asks for more lines; a closed one does not")
  func continuation() {
    #expect(Tokenizer.needsContinuation(#"decode Loan {"name": "#))
    #expect(Tokenizer.needsContinuation("infer [\n  {\"a\": [1,"))
    #expect(!Tokenizer.needsContinuation(#"decode Loan {"name": "x"}"#))
    #expect(!Tokenizer.needsContinuation("search 'unclosed {"))
    #expect(!Tokenizer.needsContinuation("list"))
    #expect(throws: ShellError(.unterminatedBlock("{"), at: 12..<13)) {
      try Tokenizer.commands(in: #"decode Loan {"a": 1"#)
    }
  }

  @Test("the bracket at fault is named: the innermost never closed, or one closed wrongly")
  func bracketAtFault() {
    #expect(throws: ShellError(.unterminatedBlock("["), at: 17..<18)) {
      try Tokenizer.commands(in: "model ML { name: [String")
    }
    #expect(throws: ShellError(.mismatchedBracket(open: "[", close: "}"), at: 25..<26)) {
      try Tokenizer.commands(in: "model ML { name: [String }")
    }
    // A closer of the wrong kind ends the block: no more lines are asked for.
    #expect(!Tokenizer.needsContinuation("model ML { name: [String }"))
    #expect(
      ShellError(.mismatchedBracket(open: "[", close: "}")).message
        == "'[' is closed by '}' — close it with ']'")
  }
}
