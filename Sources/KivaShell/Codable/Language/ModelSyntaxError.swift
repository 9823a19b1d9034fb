/// Why model-language source could not be read, and where: one line that quotes what was
/// found (`expected ':' after field 'name', found 'String'`), and the character offset into
/// the source for a caret under it.
public struct ModelSyntaxError: Error, Equatable, Sendable {
  /// The message, one line.
  public var message: String
  /// The offset, in characters, of the place the message is about.
  public var offset: Int

  /// Creates an error.
  public init(message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }
}

/// Why models cannot join a library: an unknown type, a duplicate field, a name Swift
/// would not accept. One line, with a hint when there is an obvious fix.
public struct ModelValidationError: Error, Equatable, Sendable {
  /// The message, one line.
  public var message: String

  /// Creates an error.
  public init(message: String) {
    self.message = message
  }
}
