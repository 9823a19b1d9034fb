import Foundation
import Testing

@testable import KivaShell

/// Valid JSON that readers still refuse: a `\u` escape that is half a surrogate pair.
@Suite("Unpaired surrogates located")
struct JSONSurrogateTests {
  @Test(
    "the first unpaired half is found, with its line and column",
    arguments: [
      (
        #"{"a": "x\ud800"}"#, 1, 9,
        #"\ud800 is half of a UTF-16 surrogate pair, without the second half after it"#
      ),
      (
        #"{"a": "\uD83D\uDE00",\n "b": "\uDC00"}"#, 2, 8,
        #"\udc00 is half of a UTF-16 surrogate pair, without the first half before it"#
      ),
      (
        #"["\ud800\u0041"]"#, 1, 3,
        #"\ud800 is half of a UTF-16 surrogate pair, without the second half after it"#
      ),
    ])
  func found(json: String, line: Int, column: Int, reason: String) throws {
    let text = json.replacingOccurrences(of: #"\n "#, with: "\n ")
    let error = try #require(JSONSyntaxError.unpairedSurrogate(in: Array(text.utf8)))
    #expect(error == JSONSyntaxError(line: line, column: column, reason: reason))
  }

  @Test("pairs, other escapes and an escaped backslash before 'u' are fine")
  func none() {
    for json in [
      #"{"a": "\ud83d\ude00 \n \" \\ \/ \u00e9"}"#, #"["\\ud800"]"#, #"["plain"]"#, "[]",
    ] {
      #expect(JSONSyntaxError.unpairedSurrogate(in: Array(json.utf8)) == nil, "\(json)")
    }
  }

  @Test("fetch skips a loan with an unpaired surrogate, naming the field")
  func fetchReportsIt() throws {
    let directory = try TemporaryDirectory()
    try Data(#"{"loans": [{"id": 1, "name": "a\ud800"}]}"#.utf8)
      .write(to: directory.url.appendingPathComponent("half.json"))
    let run = try BinaryRun.run(["--no-persist", "-c", "fetch half.json"], in: directory.url)
    #expect(
      run.output
        == "error: no loan in 'half.json' could be decoded (first: loans[0].name: a string "
        + "escape that is not text (half a \\u surrogate pair?))\n")
    #expect(run.status == 1)
  }
}
