import Testing

@testable import KivaShell

@Suite("Model language: parsing")
struct CodableModelParserTests {
  @Test("the tutorial's Loan: renamed and nested keys")
  func loan() throws {
    let source =
      "model Loan { name: String; country: String = location.country; use: String; "
      + "amount: Int = loan_amount }"
    #expect(
      try ModelParser.parse(source) == [
        ModelDefinition(
          name: "Loan",
          fields: [
            ModelField(name: "name", type: .string),
            ModelField(name: "country", type: .string, keyPath: ["location", "country"]),
            ModelField(name: "use", type: .string),
            ModelField(name: "amount", type: .int, keyPath: ["loan_amount"]),
          ])
      ])
  }

  @Test("several models, one a line; arrays and optionals of models")
  func severalModels() throws {
    let source = """
      model LoanStore { loans: [Loan]; paging: Paging? }
      model Paging { page: Int; total: Int; pageSize: Int = page_size; pages: Int }
      """
    let models = try ModelParser.parse(source)
    #expect(models.map(\.name) == ["LoanStore", "Paging"])
    #expect(
      models.first?.fields == [
        ModelField(name: "loans", type: .array(.model("Loan"))),
        ModelField(name: "paging", type: .optional(.model("Paging"))),
      ])
    #expect(
      models.last?.fields[2] == ModelField(name: "pageSize", type: .int, keyPath: ["page_size"]))
  }

  @Test("defaults, quoted keys and nested types")
  func defaultsAndQuotedKeys() throws {
    let source = """
      model Tagged { tags: [String] ?? []; featured: Bool = is_featured ?? false; note: String? = "first-name" }
      model Odd { pairs: [String]? = location."geo-pairs"; maybe: [Loan?]; rate: Double ?? 0; when: Date? ?? nil }
      """
    let models = try ModelParser.parse(source)
    #expect(
      models.first?.fields == [
        ModelField(name: "tags", type: .array(.string), defaultValue: .emptyArray),
        ModelField(
          name: "featured", type: .bool, keyPath: ["is_featured"], defaultValue: .bool(false)),
        ModelField(name: "note", type: .optional(.string), keyPath: ["first-name"]),
      ])
    #expect(
      models.last?.fields == [
        ModelField(
          name: "pairs", type: .optional(.array(.string)), keyPath: ["location", "geo-pairs"]),
        ModelField(name: "maybe", type: .array(.optional(.model("Loan")))),
        ModelField(name: "rate", type: .double, defaultValue: .int(0)),
        ModelField(name: "when", type: .optional(.date), defaultValue: .null),
      ])
  }

  @Test("forgiving: new lines, commas, var and let, comments, a trailing separator")
  func forgiving() throws {
    let source = """
      // The tutorial's second step.
      model Loan {
        var name: String,
        let amount: Int =
          loan_amount   // renamed
        country: String = location
          .country;
      }

      model Empty {}
      """
    #expect(
      try ModelParser.parse(source) == [
        ModelDefinition(
          name: "Loan",
          fields: [
            ModelField(name: "name", type: .string),
            ModelField(name: "amount", type: .int, keyPath: ["loan_amount"]),
            ModelField(name: "country", type: .string, keyPath: ["location", "country"]),
          ]),
        ModelDefinition(name: "Empty", fields: []),
      ])
  }

  @Test("literals: strings with escapes, negative and exponent numbers")
  func literals() throws {
    let source =
      #"model L { a: String ?? "It\'s \"x\"\n\u{1F600}"; b: Int ?? -3; c: Double ?? 1e+20; "#
      + "d: Double ?? -0.5 }"
    let defaults = try ModelParser.parse(source).first?.fields.map(\.defaultValue)
    #expect(
      defaults == [.string("It's \"x\"\n\u{1F600}"), .int(-3), .double(1e20), .double(-0.5)])
  }

  @Test("empty source, or only separators and comments, holds no models")
  func empty() throws {
    #expect(try ModelParser.parse("").isEmpty)
    #expect(try ModelParser.parse("\n ; // nothing\n").isEmpty)
  }

  @Test("names that are keywords parse; validation refuses them")
  func keywordNamesParse() throws {
    let models = try ModelParser.parse("model M { default: String; model: Int; var: Bool }")
    #expect(models.first?.fields.map(\.name) == ["default", "model", "var"])
  }
}
