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
