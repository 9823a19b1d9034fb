import Foundation
import Testing

@testable import KivaShell

@Suite("Malformed JSON explained with the source line and a caret")
struct CodableSyntaxExplanationTests {
  @Test("the malformed fixture: line 4, the caret under the stray quote")
  func fixture() throws {
    let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("malformed.json"))
    #expect(
      DecodingErrorExplainer.explainSyntax(data)
        == ExplainedDecodingError(
          summary: "the JSON is malformed at line 4, column 31: expected ',' or '}' after an"
            + " object member, found '\"'",
          notes: [
            #"4 |     {"id": 1, "name": "Amina" "use": "x"}"#,
            "  |                               ^",
          ]))
  }

  @Test("non-ASCII characters before the error: the caret lines up by characters")
  func nonASCII() {
    let json = "[\n  {\"name\": \"Marème Ndiaye\" \"use\": \"x\"}\n]"
    let explained = DecodingErrorExplainer.explainSyntax(Data(json.utf8))
    #expect(
      explained?.summary
        == "the JSON is malformed at line 2, column 28: expected ',' or '}' after an object"
        + " member, found '\"'")
    #expect(
      explained?.notes == [
        #"2 |   {"name": "Marème Ndiaye" "use": "x"}"#,
        "  |                            ^",
      ])
  }

  @Test("a decomposed accent (two scalars, one character) and a tab keep the caret aligned")
  func combiningMarkAndTab() {
    let json = "{\"name\":\t\"Mare\u{300}me\" 1}"
    let explained = DecodingErrorExplainer.explainSyntax(Data(json.utf8))
    #expect(explained?.notes == ["1 | {\"name\":\t\"Marème\" 1}", "  |         \t         ^"])
  }

  @Test("a long minified line is cut around the column")
  func longLine() {
    let before = (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
    let after = (0..<40).map { #""m\#($0)": \#($0)"# }.joined(separator: ", ")
    let json = "{\(before) \"x\": 1, \(after)}"
    let explained = DecodingErrorExplainer.explainSyntax(Data(json.utf8))
    let notes = explained?.notes ?? []
    #expect(notes.count == 2)
    let source = notes.first ?? ""
    let caret = notes.last ?? ""
    #expect(source.hasPrefix("1 | …"))
    #expect(source.hasSuffix("…"))
    #expect(source.count == "1 | ".count + 1 + SourceExcerpt.widthLimit + 1)
    // The caret is under the quote of "x", 60 characters into the window after the "…".
    let caretColumn = caret.count - 1
    let sourceCharacters = Array(source)
    #expect(sourceCharacters.indices.contains(caretColumn))
    #expect(sourceCharacters[caretColumn] == "\"")
    #expect(caretColumn == "1 | ".count + 1 + SourceExcerpt.leadingContext)
  }

  @Test("valid JSON needs no explanation")
  func valid() {
    #expect(DecodingErrorExplainer.explainSyntax(Data(#"{"a": [1, 2]}"#.utf8)) == nil)
  }
}
