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
  /// The model, and the index of its field, that the error is about when it is about
  /// one field: where a caret (or a script's line number) goes.
  public var model: String?
  public var fieldIndex: Int?

  /// Creates an error.
  public init(message: String) {
    self.message = message
  }

  /// Errors are equal when they say the same: where one points is no part of what it is.
  public static func == (left: ModelValidationError, right: ModelValidationError) -> Bool {
    left.message == right.message
  }

  /// The error, said to be about field `index` of `model` unless it names a field already.
  func about(field index: Int, of model: String) -> ModelValidationError {
    guard fieldIndex == nil else { return self }
    var located = self
    located.model = model
    located.fieldIndex = index
    return located
  }
}
