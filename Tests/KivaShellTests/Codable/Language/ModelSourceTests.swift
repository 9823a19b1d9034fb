import Testing

@testable import KivaShell

@Suite("Model language: canonical source and round trips")
struct CodableModelSourceTests {
  /// Definitions and the canonical text each renders to.
  static let canonical: [(ModelDefinition, String)] = [
    (
      ModelDefinition(
        name: "Loan",
        fields: [
          ModelField(name: "name", type: .string),
          ModelField(name: "country", type: .string, keyPath: ["location", "country"]),
          ModelField(name: "use", type: .string),
          ModelField(name: "amount", type: .int, keyPath: ["loan_amount"]),
        ]),
      "model Loan { name: String; country: String = location.country; use: String; "
        + "amount: Int = loan_amount }"
    ),
    (
      ModelDefinition(
        name: "LoanStore",
        fields: [
          ModelField(name: "loans", type: .array(.model("Loan"))),
          ModelField(name: "paging", type: .optional(.model("Paging"))),
        ]),
      "model LoanStore { loans: [Loan]; paging: Paging? }"
    ),
    (
      ModelDefinition(
        name: "Tagged",
        fields: [
          ModelField(name: "tags", type: .array(.string), defaultValue: .emptyArray),
          ModelField(
            name: "featured", type: .bool, keyPath: ["is_featured"], defaultValue: .bool(false)),
          ModelField(name: "note", type: .optional(.string), keyPath: ["first-name"]),
        ]),
      #"model Tagged { tags: [String] ?? []; featured: Bool = is_featured ?? false; "#
        + #"note: String? = "first-name" }"#
    ),
    (ModelDefinition(name: "Empty", fields: []), "model Empty {}"),
  ]

  @Test("definitions render in the canonical one-line form", arguments: canonical)
  func renders(_ definition: ModelDefinition, _ text: String) throws {
    #expect(definition.source == text)
    #expect(try ModelParser.parse(text) == [definition])
  }

  /// Definitions that must survive `parse(source)` unchanged.
  static let roundTrips: [ModelDefinition] = [
    ModelDefinition(
      name: "Odd",
      fields: [
        ModelField(
          name: "pairs", type: .optional(.array(.string)), keyPath: ["location", "geo-pairs"]),
        ModelField(name: "maybe", type: .array(.optional(.model("Loan")))),
        ModelField(name: "grid", type: .array(.array(.optional(.int)))),
        ModelField(name: "when", type: .optional(.date), defaultValue: .null),
        ModelField(name: "rate", type: .double, defaultValue: .int(0)),
        ModelField(name: "ratio", type: .double, defaultValue: .double(-0.5)),
        ModelField(name: "big", type: .double, defaultValue: .double(1e20)),
        ModelField(name: "tiny", type: .double, defaultValue: .double(.leastNonzeroMagnitude)),
        ModelField(name: "least", type: .int, defaultValue: .int(Int.min)),
      ]),
    ModelDefinition(
      name: "Quoted",
      fields: [
        ModelField(name: "a", type: .string, keyPath: ["true"]),
        ModelField(name: "b", type: .string, keyPath: ["nil", "false"]),
        ModelField(name: "c", type: .string, keyPath: ["a.b", "", "2012", "with space"]),
        ModelField(name: "d", type: .string, keyPath: ["model"]),
        ModelField(name: "e", type: .string, keyPath: ["país", "naïve"]),
        ModelField(
          name: "f", type: .string, defaultValue: .string("It's \"quoted\"\n\t\\ \u{1} é 😀")),
      ]),
    // U+0600 joins what follows it into one character: a quote, a backslash, an escape.
    ModelDefinition(
      name: "Joined",
      fields: [
        ModelField(name: "a", type: .string, defaultValue: .string("x\u{600}")),
        ModelField(name: "b", type: .string, defaultValue: .string("\u{600}\u{7F}\u{600}\\")),
        ModelField(name: "c", type: .string, defaultValue: .string("\u{600}\"\u{600}\n")),
        ModelField(name: "d", type: .string, keyPath: ["k\u{600}", "\u{600}"]),
      ]),
    // Line separators other than \n and \r are text inside a string, as in Swift.
    ModelDefinition(
      name: "Separators",
      fields: [
        ModelField(name: "a", type: .string, defaultValue: .string("a\u{2028}b\u{2029}c\u{85}")),
        ModelField(name: "b", type: .string, keyPath: ["\u{2028}", "x\u{85}"]),
      ]),
    ModelDefinition(
      name: "Names",
      fields: [
        ModelField(name: "location", type: .model("Place")),
        ModelField(name: "country", type: .string, keyPath: ["location", "country"]),
        ModelField(name: "_private", type: .bool, keyPath: ["_private"], defaultValue: .bool(true)),
      ]),
  ]

  @Test("parse(definition.source) == [definition]", arguments: roundTrips)
  func roundTrip(_ definition: ModelDefinition) throws {
    #expect(try ModelParser.parse(definition.source) == [definition])
  }

  @Test("several definitions render one a line and read back")
  func severalRoundTrip() throws {
    let definitions = Self.canonical.map(\.0) + Self.roundTrips
    #expect(try ModelParser.parse(definitions.source) == definitions)
  }

  @Test("quoting: keys that are not identifiers, and literal words")
  func quoting() {
    let field = ModelField(name: "x", type: .string, keyPath: ["location", "geo-pairs", "nil"])
    #expect(field.source == #"x: String = location."geo-pairs"."nil""#)
  }
}
