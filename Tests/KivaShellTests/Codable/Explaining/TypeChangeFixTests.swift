import Testing

@testable import KivaShell

/// A type change keeps what else the field's declaration says: its optional and its
/// default, written for the new type.
@Suite("Type-change fixes keep the field's optional and default")
struct TypeChangeFixTests {
  /// The `fix:` lines `decode` prints for `json` decoded as `model M { field }`.
  private func fixes(_ field: String, _ json: String) -> [String] {
    ScriptRun(["model M { \(field) }", "decode M \(json)"]).error
      .split(separator: "\n").map(String.init).filter { $0.hasPrefix("  fix:") }
  }

  @Test("a default that fits the new type is kept, in Swift and in the model")
  func keptDefault() {
    #expect(
      fixes("a: Int ?? 0", #"{"a": "x"}"#) == [
        "  fix: declare the property as String: var a: String, decoded as (try container"
          + ".decodeIfPresent(String.self, forKey: .a)) ?? \"0\" (in a model: a: String ?? \"0\")"
      ])
    #expect(
      fixes("a: [Int] ?? []", #"{"a": ["x"]}"#) == [
        "  fix: the array holds a string \"x\": declare its elements as String: var a: "
          + "[String], decoded as (try container.decodeIfPresent([String].self, forKey: .a)) "
          + "?? [] (in a model: a: [String] ?? [])"
      ])
  }

  @Test("a default written for the new type, read from the nested container it sits in")
  func convertedNestedDefault() {
    #expect(
      fixes(#"a: String = p.q ?? "12""#, #"{"p": {"q": 1}}"#) == [
        "  fix: declare the property as Int: var a: Int, decoded as (try p.decodeIfPresent("
          + "Int.self, forKey: .a)) ?? 12 (in a model: a: Int = p.q ?? 12)"
      ])
    #expect(
      fixes(#"a: String ?? "n""#, #"{"a": true}"#) == [
        "  fix: declare the property as Bool: var a: Bool, decoded as (try container"
          + ".decodeIfPresent(Bool.self, forKey: .a)) ?? false (in a model: a: Bool ?? false)"
      ])
  }

  @Test("an optional stays optional, with or without a default")
  func optional() {
    #expect(
      fixes("a: Int?", #"{"a": true}"#) == ["  fix: declare the property as Bool: var a: Bool?"])
    #expect(
      fixes("a: Int? ?? 3", #"{"a": "x"}"#) == [
        "  fix: declare the property as String: var a: String?, decoded as (try container"
          + ".decodeIfPresent(String.self, forKey: .a)) ?? \"3\" (in a model: a: String? ?? \"3\")"
      ])
  }

  @Test(
    "a number sent as a string: the conversion offered works on the JSON's text",
    arguments: [
      (
        "a: Int", #"{"a": "15"}"#,
        "  fix: the JSON sends the number as a string: decode String, then convert it (Int(text))"
      ),
      (
        "a: Double", #"{"a": "1.5"}"#,
        "  fix: the JSON sends the number as a string: decode String, then convert it"
          + " (Double(text))"
      ),
      (
        "a: Int", #"{"a": "1.5"}"#,
        "  fix: the JSON sends the number as a string, and \"1.5\" is no whole number: decode"
          + " String, then convert it with Double(text), and declare the property Double:"
          + " var a: Double"
      ),
    ])
  func numberAsString(field: String, json: String, fix: String) {
    #expect(fixes(field, json) == [fix])
  }
}
