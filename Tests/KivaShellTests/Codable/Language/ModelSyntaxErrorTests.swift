import Testing

@testable import KivaShell

@Suite("Model language: syntax errors")
struct CodableModelSyntaxErrorTests {
  /// A source, the message it gets, and the text at the error's offset.
  struct Case: CustomTestStringConvertible, Sendable {
    let source: String
    let message: String
    let at: String

    var testDescription: String { source }
  }

  static let cases: [Case] = [
    Case(
      source: "model A { x: String = first-name }",
      message:
        #"unexpected character '-' — a key with such characters goes in quotes: "first-name""#,
      at: "-name }"),
    Case(
      source: "model A { x: String = a.b-c.d }",
      message: #"unexpected character '-' — a key with such characters goes in quotes: "b-c""#,
      at: "-c.d }"),
    Case(
      source: "model A { first-name: String }",
      message:
        #"unexpected character '-' — a field's name is a Swift name: write firstName: TYPE = "first-name""#,
      at: "-name: String }"),
    Case(
      source: "model A { n: Int ?? bogus }",
      message: "expected a default after '??' in field 'n', found 'bogus'", at: "bogus }"),
    Case(
      source: "model A { name: String ?? hello }",
      message:
        #"expected a default after '??' in field 'name', found 'hello' — text goes in quotes: ?? "hello""#,
      at: "hello }"),
    Case(
      source: "model Loan { name String }",
      message: "expected ':' after field 'name', found 'String'", at: "String }"),
    Case(
      source: "model Loan { name: String; amount: Int",
      message: "missing '}' to close model 'Loan'", at: ""),
    Case(
      source: "model Loan { name: String\nmodel Paging { page: Int }",
      message: "missing '}' to close model 'Loan'", at: "model Paging { page: Int }"),
    Case(
      source: #"model Loan { amount: Int ?? "x" }"#,
      message: #"default '"x"' does not fit type Int"#, at: #""x" }"#),
    Case(
      source: "model Loan { name: String ?? nil }",
      message: "default 'nil' does not fit type String — make the type optional: String?",
      at: "nil }"),
    Case(
      source: "model Loan { tags: [String] ?? [1] }",
      message: "only '[]' can be a default for an array, found '1'", at: "1] }"),
    Case(
      source: "model Loan { name: string }",
      message: "unknown type 'string' — did you mean 'String'? (field 'name')", at: "string }"),
    Case(
      source: "model Store { loans: [loan] }\nmodel Loan {}",
      message: "unknown type 'loan' — did you mean 'Loan'? (field 'loans')",
      at: "loan] }\nmodel Loan {}"),
    Case(
      source: "model Loan { name: String country: String }",
      message: "expected ';' or a new line after field 'name', found 'country'",
      at: "country: String }"),
    Case(
      source: "model Loan { name: }", message: "expected a type for field 'name', found '}'",
      at: "}"),
    Case(
      source: "model Loan { tags: [String }",
      message: "expected ']' to close '[String' in the type of field 'tags', found '}'", at: "}"),
    Case(
      source: "model Loan { note: String?? = x }",
      message: "expected a default after '??' in field 'note', found '='", at: "= x }"),
    Case(
      source: "model Loan { tags: [String??] }",
      message: "type 'String??' of field 'tags' is optional twice — one '?' is enough",
      at: "String??] }"),
    Case(
      source: "model Loan { featured: Bool = false }",
      message:
        "expected a key path after '=', found 'false' — a default follows '??': featured: … ?? false",
      at: "false }"),
    Case(
      source: "model Loan { tags: [String] = [] }",
      message: "expected a key path after '=', found '[' — a default follows '??': tags: … ?? []",
      at: "[] }"),
    Case(
      source: "model Loan { country: String = location. }",
      message: "expected a key after '.', found '}'", at: "}"),
    Case(
      source: "model Loan { x: Int = a.1 }",
      message: #"expected a key after '.', found '1' — quote it: "1""#, at: "1 }"),
    Case(
      source: #"model Loan { "first-name": String }"#,
      message: #"field name '"first-name"' is not a Swift name — write: "#
        + #"firstName: Type = "first-name""#,
      at: #""first-name": String }"#),
    Case(
      source: "struct Loan { }",
      message: "expected 'model', found 'struct' — models start with 'model': model Name { … }",
      at: "struct Loan { }"),
    Case(
      source: "model { }", message: "expected a model name after 'model', found '{'", at: "{ }"),
    Case(
      source: "model Loan name: String }",
      message: "expected '{' after 'model Loan', found 'name'", at: "name: String }"),
    Case(
      source: "model Loan { 12: Int }",
      message: "expected a field name in model 'Loan', found '12'", at: "12: Int }"),
    Case(
      source: #"model Loan { note: String? = "first-name }"#,
      message: #"unterminated string '"first-name }'"#, at: #""first-name }"#),
    Case(
      source: "model Loan { a: String ?? \"x\\\n\" }",
      message: #"unterminated string '"x\'"#, at: "\"x\\\n\" }"),
    Case(
      source: "model Loan { name: String @ }", message: "unexpected character '@'", at: "@ }"),
    Case(
      source: #"model Loan { a: String ?? "\q" }"#, message: #"unknown escape '\q' in a string"#,
      at: #"\q" }"#),
    Case(
      source: "model Loan { a: Int ?? 99999999999999999999 }",
      message: "number '99999999999999999999' is too large", at: "99999999999999999999 }"),
    Case(
      source: "model Loan { a: Int ?? }",
      message: "expected a default after '??' in field 'a', found '}'", at: "}"),
    // A combining mark makes one character with the quote or backslash before it.
    Case(
      source: "model Loan { a: String ?? \"x\"\u{301} }",
      message: "unexpected character '\"\u{301}' after a string", at: "\"\u{301} }"),
    Case(
      source: "model Loan { a: String ?? \"x\\\u{301}n\" }",
      message: "unknown escape '\\\u{301}' in a string", at: "\\\u{301}n\" }"),
    Case(
      source: "model Loan { a: String ?? “x” }",
      message: "unexpected character '“' — JSON and models take straight quotes (\"), not "
        + "curly ones (copied from a slide?)", at: "“x” }"),
    // Swift's CodingKeys pasted into a model.
    Case(
      source: "model Loan { a: Int\nenum CodingKeys: String, CodingKey { case a }\n}",
      message: "'enum' is Swift: in a model, each field names its JSON key itself "
        + "(amount: Int = loan_amount), and codegen writes the CodingKeys and init(from:)",
      at: "enum CodingKeys: String, CodingKey { case a }\n}"),
  ]

  @Test("messages quote what was found; the offset points at it", arguments: cases)
  func syntaxError(_ example: Case) {
    do {
      let models = try ModelParser.parse(example.source)
      Issue.record("parsed \(models) instead of failing")
    } catch {
      #expect(error.message == example.message)
      #expect(String(Array(example.source).dropFirst(error.offset)) == example.at)
    }
  }

  @Test("offsets count characters, not bytes")
  func offsetsCountCharacters() {
    #expect(throws: ModelSyntaxError(message: "unexpected character '@'", offset: 33)) {
      try ModelParser.parse("model Loan { name: String ?? \"é\" @ }")
    }
  }
}
