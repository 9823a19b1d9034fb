import Testing

@testable import KivaShell

/// The fixes for a lab model name its Swift properties, not the JSON keys they read.
@Suite("Fixes name the model's properties")
struct LabModelFixTests {
  /// Runs `lines` and returns what went to standard error.
  private func errors(_ lines: [String]) -> String {
    ScriptRun(lines).error
  }

  @Test("a field with a key of its own: the fix names the field")
  func renamedKey() {
    let wrongType = errors([
      #"decode KeyedLoan {"name": "A", "country": "K", "use": "u", "loan_amount": true}"#
    ])
    #expect(wrongType.contains("  JSON key: 'loan_amount' (the property is 'amount')\n"))
    #expect(wrongType.contains("  fix: declare the property as Bool: var amount: Bool\n"))
    let null = errors([
      #"decode KeyedLoan {"name": "A", "country": "K", "use": "u", "loan_amount": null}"#
    ])
    #expect(null.contains("  fix: make the property optional: var amount: Int? "))
    #expect(null.contains("forKey: .amount) ?? 0\n"))
  }

  @Test("a key with a space: the fix names the field, which Swift can spell")
  func keyWithASpace() {
    let missing = errors([
      #"model F { full: String = "first name" }"#, #"decode F {"firstname": "x"}"#,
    ])
    #expect(
      missing.contains("  fix: add or correct the CodingKeys case: case full = \"firstname\"\n"))
    #expect(missing.contains("make the property optional: var full: String?"))
    #expect(!missing.contains("var first name"))
  }

  @Test("a missing key: the fix declares the field's own type optional, as for a null")
  func missingKeyType() {
    #expect(
      errors([#"decode FlatLoan {}"#])
        == "error: 'name' is missing at the top level (FlatLoan)\n"
        + "  in Swift: DecodingError.keyNotFound at the top level\n"
        + "  path: name\n"
        + "  fix: if 'name' may be absent, make the property optional: var name: String? "
        + "(decodeIfPresent gives nil)\n")
    let amount = errors([#"decode FlatLoan {"name": "A", "country": "K", "use": "u"}"#])
    #expect(
      amount.hasSuffix(
        "  fix: if 'amount' may be absent, make the property optional: var amount: Int? "
          + "(decodeIfPresent gives nil)\n"))
    let nested = errors([
      "model P { x: Int }", "model M { tags: [String] = a.tags; at: Date = a.at; p: P }",
      #"decode M {"a": {}}"#, #"decode M {"a": {"tags": []}}"#,
      #"decode M {"a": {"tags": [], "at": "2012-06-12T20:30:03Z"}}"#,
    ])
    #expect(nested.contains("make the property optional: var tags: [String]? "))
    #expect(nested.contains("make the property optional: var at: Date? "))
    #expect(nested.contains("make the property optional: var p: P? "))
    #expect(!nested.contains("…?"))
  }

  @Test("an element of the wrong type: the array's declaration that fits")
  func arrayElement() {
    let element = errors([#"model T { a: [Int] }"#, #"decode T {"a": [1, "x"]}"#])
    #expect(
      element.contains(
        "  fix: the array holds a string \"x\": declare its elements as String: var a: [String]\n"))
    #expect(!element.contains("var value"))
    // Optional elements stay optional: the array may hold nulls too.
    let optional = errors([#"model U { a: [String?] }"#, #"decode U {"a": ["a", null, 3]}"#])
    #expect(
      optional.contains(
        "  fix: the array holds a number 3: declare its elements as Int?: var a: [Int?]\n"))
  }

  @Test("only the numbers that land in an Int field are listed as not fitting it")
  func numbersThatDoNotFit() {
    let error = errors([
      "model P { price: Double; count: Int? }", "model Q { items: [P] }",
      #"decode Q {"items": [{"price": 1.5, "count": 2}, {"price": 1.5, "count": 2.5}], "x": 3.5}"#,
    ])
    #expect(error.contains("  numbers that do not fit Int: items[1].count = 2.5\n"))
  }

  @Test("--manual on a model that does not exist says so, as plain decode does")
  func manualOnNoModel() {
    #expect(errors(["decode Nope --manual {}"]) == "error: no model 'Nope' — 'models' lists them\n")
  }

  @Test("a path that stops inside a field's key path: the fix reads the field from the key")
  func insideAKeyPath() {
    let error = errors([
      "model S { country: String = location.country }", #"decode S {"location": "Kenya"}"#,
    ])
    #expect(
      error.hasSuffix(
        "  fix: 'location' holds a string, not an object, so 'country' cannot be read inside "
          + "it: read the key itself: country: String = location (in Swift: var country: "
          + "String, read from the key 'location')\n"))
    #expect(!error.contains("var location"))
  }

  @Test("the field's optional and default are kept; several fields get no line to refuse")
  func keptOrSeveralInsideAKeyPath() {
    let kept = errors([
      #"model S { country: String? = location.country ?? "x" }"#, #"decode S {"location": 5}"#,
    ])
    #expect(
      kept.hasSuffix(
        "  fix: 'location' holds a number, not an object, so 'country' cannot be read inside "
          + "it: read the key itself: country: Int? = location ?? 0 (in Swift: var country: "
          + "Int?, read from the key 'location')\n"))
    let several = errors([
      "model S { country: String = location.country; town: String = location.town }",
      #"decode S {"location": 5}"#,
    ])
    #expect(
      several.hasSuffix(
        "  fix: 'location' holds a number, not an object, so 'country', 'town' cannot be read "
          + "inside it: check the key path against the JSON\n"))
  }

  @Test("a value of the wrong type at the top level: the type to decode, no property")
  func topLevel() {
    let whole = errors(["model S { a: Int }", "decode S 5"])
    #expect(
      whole.hasSuffix(
        "  fix: the JSON is a number, not an object of S: check that it is the JSON you meant, "
          + "or decode it in Swift as Int (Int.self)\n"))
    let element = errors(["model S { a: Int }", #"decode [S] [{"a": 1}, "x"]"#])
    #expect(
      element.hasSuffix(
        "  fix: the array holds a string, not an object of S: check that it is the JSON you "
          + "meant, or decode it in Swift as [String] ([String].self)\n"))
    #expect(!whole.contains("var value") && !element.contains("var value"))
  }
}
