import Testing

@testable import KivaShell

/// A lesson's JSON and models fitted to the screen, in forms that read back the same.
@Suite("Lesson layout")
struct LessonLayoutTests {
  @Test("JSON that fits stays on its line; else members go one to a line, keys in order")
  func json() {
    let text = #"{"b": "x, {y}", "a": {"c": [1, 2]}, "e": []}"#
    #expect(LessonLayout.json(text, width: 60) == [text])
    #expect(
      LessonLayout.json(text, width: 30) == [
        "{", #"  "b": "x, {y}","#, #"  "a": {"c": [1, 2]},"#, #"  "e": []"#, "}",
      ])
    #expect(
      LessonLayout.json(text, width: 12) == [
        "{", #"  "b": "x, {y}","#, #"  "a": {"#, #"    "c": ["#, "      1,", "      2", "    ]",
        "  },", #"  "e": []"#, "}",
      ])
    // Not JSON it can read: as it was.
    #expect(LessonLayout.json(#"{"a": 1"#, width: 3) == [#"{"a": 1"#])
  }

  @Test("a model too wide for the screen has its fields one to a line, and parses the same")
  func model() throws {
    let source = #"model M { a: String ?? "x; y"; b: Int = loan_amount }"#
    #expect(LessonLayout.model(source, width: 80) == [source])
    let lines = LessonLayout.model(source, width: 30)
    #expect(lines == ["model M {", #"  a: String ?? "x; y""#, "  b: Int = loan_amount", "}"])
    let reparsed = try ModelParser.parse(lines.joined(separator: "\n"))
    #expect(reparsed == (try ModelParser.parse(source)))
  }
}
