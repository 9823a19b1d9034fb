import Foundation

/// The JSON a lab command works on: typed inline (`{…}`, `[…]`, over several lines if
/// need be), or read from a file (`@newest.json`).
public struct JSONArgument: Equatable, Sendable {
  /// The JSON text as typed, or nil when it comes from a file.
  public var inline: String?
  /// The file, when given as `@FILE`.
  public var path: String?
  /// Where it was typed.
  public var token: Token

  /// Reads the argument from `token`: `@FILE`, or inline JSON.
  init(_ token: Token) {
    self.token = token
    if token.text.hasPrefix("@") {
      path = String(token.text.dropFirst())
    } else {
      inline = token.text
    }
  }

  /// The bytes of the JSON. Inline JSON in a script comes after as many line breaks as
  /// there are lines before it in the file (`scriptLine`, the context's), which JSON
  /// reads as white space: a mistake in it is then said at the file's line.
  func data(scriptLine: ((Int) -> Int)? = nil, limit: Int = LocalFile.sizeLimit)
    throws(ShellError) -> Data
  {
    if let path {
      guard !path.isEmpty else {
        throw ShellError(
          .cannotRead(path: "@", reason: "a file name goes right after the @, as in @newest.json"),
          at: token)
      }
      // A file past `limit` is refused by its size, before it is read.
      return try LocalFile.read(path, limit: limit, hint: "try a smaller sample of it")
    }
    let text = inline ?? ""
    if Self.looksLikeFileName(text) { throw ShellError(.fileNameAsJSON(text), at: token) }
    let linesBefore = scriptLine.map { $0(token.range.lowerBound) - 1 } ?? 0
    let data = Data(repeating: UInt8(ascii: "\n"), count: max(0, linesBefore)) + Data(text.utf8)
    if let note = quotesNote, let syntax = DecodingErrorExplainer.explainSyntax(data) {
      throw ShellError(.decodingFailed(syntax.summary), notes: syntax.notes + [note])
    }
    return data
  }

  /// For a quoted word that no JSON value starts like (`"hello"`, which the shell hands
  /// on as `hello`), how to keep its quotes; nil for anything else.
  var quotesNote: String? {
    guard let text = inline, token.range.count >= text.count + 2, let first = text.first,
      !first.isWhitespace, !"{[\"-0123456789tfn".contains(first)
    else { return nil }
    guard !text.contains(where: { "'\"\\".contains($0) }) else {
      return "note: the shell took the quotes off that word; a JSON string keeps its "
        + "double quotes inside single ones: '\"text\"'"
    }
    return "note: the shell took the quotes off \"\(text)\"; a JSON string keeps its "
      + "double quotes inside single ones: '\"\(text)\"'"
  }

  /// Whether inline text is a file name without its `@` (`newest.json`, `~/loans.json`,
  /// `data/x`): one word that no JSON value starts like, naming a file or looking like a
  /// path. Misspelt JSON (`{"a": tru}`, `hello`) is left to the JSON reader to explain.
  static func looksLikeFileName(_ text: String) -> Bool {
    guard let first = text.first, !text.contains(where: \.isWhitespace),
      !"{[\"-0123456789".contains(first), !["true", "false", "null"].contains(text)
    else { return false }
    let path = NSString(string: text).expandingTildeInPath
    return text.contains("/") || text.lowercased().hasSuffix(".json")
      || FileManager.default.fileExists(atPath: path)
  }

  /// How the source is named in messages: `'newest.json'` or `the JSON typed`.
  var sourceName: String {
    path.map { "'\($0)'" } ?? "the JSON typed"
  }
}
