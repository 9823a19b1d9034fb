import Foundation
import Testing

@testable import KivaShell

/// A file name typed where a lab command takes JSON, without its `@`, is named as such;
/// JSON, even misspelt, goes on to the JSON reader.
@Suite("JSON typed, or a file name without its @")
struct JSONArgumentTests {
  @Test(
    "a word that looks like a path or a .json file is a file name",
    arguments: ["newest.json", "data/loans", "/tmp/x", "~/Loans.JSON", "./a"])
  func fileName(text: String) {
    #expect(JSONArgument.looksLikeFileName(text))
  }

  @Test(
    "JSON, misspelt JSON and words with spaces are left to the JSON reader",
    arguments: [
      #"{"a": 1}"#, "[1, 2]", #""a/b.json""#, "-1", "42", "true", "null", "tru",
      "{\"url\": \"http://x/y.json\"}", "a b.json", "",
    ])
  func notFileName(text: String) {
    #expect(!JSONArgument.looksLikeFileName(text))
  }
}

/// A JSON string typed in double quotes reaches the command without them, as the shell
/// takes quotes off words: the error says so, and how to keep them.
@Suite("JSON whose quotes the shell took off")
struct JSONArgumentQuotesTests {
  private func data(_ line: String) throws(ShellError) -> Data {
    let tokens = try Tokenizer.commands(in: line).first ?? []
    return try JSONArgument(tokens[tokens.count - 1]).data()
  }

  @Test("a quoted word fails with the malformed-JSON error and a note on its quotes")
  func quotedWord() {
    #expect(
      throws: ShellError(
        .decodingFailed(
          "the JSON is malformed at line 1, column 1: unexpected 'hello', expected a value"),
        notes: [
          "1 | hello", "  | ^",
          #"note: the shell took the quotes off "hello"; a JSON string keeps its double quotes inside single ones: '"hello"'"#,
        ])
    ) { _ = try data(#"decode "hello""#) }
  }

  @Test(
    "JSON kept whole, unquoted words and quoted values that start JSON get no note",
    arguments: [#"decode '"hello"'"#, "decode hello", "decode '{a: 1}'", #"decode "tru""#])
  func noNote(line: String) {
    do {
      _ = try data(line)
    } catch {
      #expect(!error.notes.contains { $0.hasPrefix("note: the shell took") })
    }
  }
}
