import Testing

@testable import KivaShell

@Suite("JSON syntax errors with line and column")
struct JSONSyntaxErrorTests {
  @Test(
    "finds the first error",
    arguments: [
      ("{\"a\": 1,,}", 1, 9, "expected a quoted key in the object, found ','"),
      ("[1,,]", 1, 4, "unexpected ',', expected a value"),
      ("[,]", 1, 2, "unexpected ',', expected a value"),
      ("{,}", 1, 2, "expected a quoted key in the object, found ','"),
      ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
      ("{\n  \"a\" 1\n}", 2, 7, "expected ':' after an object key, found '1'"),
      ("{\"a\": tru}", 1, 7, "unexpected 'tru', expected a value — did you mean true?"),
      ("{\"né\": \"é\" x}", 1, 12, "expected ',' or '}' after an object member, found 'x'"),
      ("[\"abc", 1, 2, "unterminated string"),
      ("[\"a\\x\"]", 1, 4, "invalid escape in a string"),
      ("[01]", 1, 3, "expected ',' or ']' after an array element, found '1'"),
      ("[-]", 1, 2, "malformed number"),
      ("{} {}", 1, 4, "unexpected '{' after the JSON value"),
      ("[", 1, 2, "unexpected end of input, expected a value"),
      ("   ", 1, 4, "the input is empty"),
    ])
  func finds(json: String, line: Int, column: Int, reason: String) {
    #expect(
      JSONSyntaxError.find(in: Array(json.utf8))
        == JSONSyntaxError(line: line, column: column, reason: reason))
  }

  @Test(
    "what people new to JSON write instead gets a hint, the word quoted whole",
    arguments: [
      (#"{"a": True}"#, "unexpected 'True', expected a value — JSON writes it in lower case: true"),
      (#"[None]"#, "unexpected 'None', expected a value — JSON writes no value as null"),
      (#"[1, nil]"#, "unexpected 'nil', expected a value — JSON writes no value as null"),
      (#"[NaN]"#, "unexpected 'NaN', expected a value — JSON has no NaN: write null, or a string"),
      (
        #"[Kenya]"#,
        #"unexpected 'Kenya', expected a value — a string takes double quotes: "Kenya""#
      ),
      ("fetch", "unexpected 'fetch', expected a value"),
      (#"['a']"#, #"unexpected ''', expected a value — JSON strings take double quotes: "…""#),
      (
        #"{a: 1}"#,
        #"expected a quoted key in the object, found 'a' — JSON keys take double quotes: "a""#
      ),
      (
        #"{'a': 1}"#,
        #"expected a quoted key in the object, found ''' — JSON keys take double quotes: "…""#
      ),
      (
        "{“a”: 1}",
        "expected a quoted key in the object, found '“' — JSON and models take straight "
          + #"quotes ("), not curly ones (copied from a slide?)"#
      ),
      (
        #"{"a": ‘x’}"#,
        "unexpected '‘', expected a value — JSON and models take straight "
          + #"quotes ("), not curly ones (copied from a slide?)"#
      ),
      ("[é]", "unexpected 'é', expected a value"),
      ("[\u{1F600}]", "unexpected '\u{1F600}', expected a value"),
      ("[\u{00A0}]", "unexpected byte 0xC2, expected a value"),
    ])
  func hints(json: String, reason: String) {
    #expect(JSONSyntaxError.find(in: Array(json.utf8))?.reason == reason)
  }

  @Test(
    "valid JSON has no error, one trailing comma included as Foundation reads it",
    arguments: [
      "{}", "[]", "0", "-1.5e+3", #"{"a": [true, false, null, "\u00e9\n"]}"#, "[1,]",
      #"{"a": 1 , }"#, "[[1,],\n]",
    ])
  func valid(json: String) {
    #expect(JSONSyntaxError.find(in: Array(json.utf8)) == nil)
  }

  @Test("deep nesting does not overflow the stack")
  func deepNesting() {
    let depth = 100_000
    let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(JSONSyntaxError.find(in: Array(json.utf8), maximumDepth: .max) == nil)
    let broken = String(repeating: "[", count: depth) + "x"
    #expect(
      JSONSyntaxError.find(in: Array(broken.utf8), maximumDepth: .max)?.column == depth + 1)
  }

  @Test("nesting deeper than the decoders read (512, as JSONDecoder) is reported where it starts")
  func depthLimit() {
    func nested(_ depth: Int) -> [UInt8] {
      Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }
    #expect(JSONSyntaxError.find(in: nested(512)) == nil)
    #expect(
      JSONSyntaxError.find(in: nested(513))
        == JSONSyntaxError(
          line: 1, column: 513,
          reason: "arrays and objects nest more than 512 deep here, "
            + "deeper than kivash's decoders read"))
    let objects = Array(
      (String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000))
        .utf8)
    #expect(JSONSyntaxError.find(in: objects)?.column == 512 * 5 + 1)
  }
}
