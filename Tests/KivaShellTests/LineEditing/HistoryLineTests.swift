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

  @Test("# comments are dropped from models and JSON alike, but not inside strings")
  func hashComments() {
    #expect(
      HistoryLine.joined(
        "model M3 {  # the model\n  name: String # the name\n  amount: Int = loan_amount\n}")
        == "model M3 { name: String; amount: Int = loan_amount }")
    #expect(
      HistoryLine.joined("decode X {\"a\": \"#1\", # first\n  \"b\": 2\n}")
        == "decode X {\"a\": \"#1\", \"b\": 2 }")
    // A '#' inside a word before the block is no comment, as the tokenizer reads it.
    #expect(
      HistoryLine.joined("decode C# {\n  \"a\": 1\n}") == "decode C# { \"a\": 1 }")
  }

  @Test("several commands over the lines: no one line would run the same")
  func severalCommands() {
    #expect(HistoryLine.joined("count; model H {\n  a: Int\n}") == nil)
  }
}
