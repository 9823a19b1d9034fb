/// A word of a command line after quotes and backslashes are resolved.
public struct Token: Equatable, Sendable {
  /// The word's text, unquoted and unescaped.
  public var text: String
  /// Where the word stands in the line, in characters from 0 (quotes included).
  public var range: Range<Int>

  /// Creates a token.
  public init(_ text: String, at range: Range<Int>) {
    self.text = text
    self.range = range
  }
}
