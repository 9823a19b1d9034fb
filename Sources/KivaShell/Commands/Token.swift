/// A word of a command line after quotes and backslashes are resolved.
public struct Token: Equatable, Sendable {
  /// The word's text, unquoted and unescaped.
  public var text: String
  /// Where the word stands in the line, in characters from 0 (quotes included).
  public var range: Range<Int>
  /// Whether any of the word was quoted or escaped (`"3"`, `\3`): typed as text, so a
  /// number in it is a name, not a row.
  public var isQuoted: Bool

  /// Creates a token.
  public init(_ text: String, at range: Range<Int>, isQuoted: Bool = false) {
    self.text = text
    self.range = range
    self.isQuoted = isQuoted
  }
}
