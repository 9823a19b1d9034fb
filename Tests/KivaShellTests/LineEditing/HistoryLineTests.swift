import Testing

@testable import KivaShell

/// Commands over several lines as the one line of history that runs the same.
@Suite("Multi-line commands in history")
struct HistoryLineTests {
  @Test("a model's lines become fields separated by ';', its comments dropped")
  func model() {
    #expect(
      HistoryLine.joined("model P {\n  a: Int   // count\n  b: String = \"x//y\";\n}")
        == "model P { a: Int; b: String = \"x//y\"; }")
  }

  @Test("JSON's line breaks become spaces")
  func json() {
    #expect(
      HistoryLine.joined("decode FlatLoan {\"name\": \"A\",\n  \"amount\": 5\n}")
        == "decode FlatLoan {\"name\": \"A\", \"amount\": 5 }")
  }

  @Test("several commands over the lines: no one line would run the same")
  func severalCommands() {
    #expect(HistoryLine.joined("count; model H {\n  a: Int\n}") == nil)
  }
}
