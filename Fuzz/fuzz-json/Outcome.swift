import Foundation

/// What one decoder made of an input, reduced to what the two decoders must agree on:
/// the value as text, or the error's kind, type, coding path and message.
enum Outcome: Equatable, CustomStringConvertible {
  case value(String)
  case error(String)

  /// The outcome of `body`, with `describe` turning a value into text.
  init<T>(_ body: () throws -> T, describe: (T) -> String = { String(reflecting: $0) }) {
    do {
      self = .value(describe(try body()))
    } catch {
      self = .error(Self.summary(of: error))
    }
  }

  var description: String {
    switch self {
    case .value(let text): "value \(text)"
    case .error(let text): "error \(text)"
    }
  }

  var isValue: Bool {
    if case .value = self { return true }
    return false
  }

  /// A `DecodingError` as kind, type or key, coding path and message.
  static func summary(of error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(let type, let context):
      "typeMismatch(\(type)) \(path(context)): \(context.debugDescription)"
    case DecodingError.valueNotFound(let type, let context):
      "valueNotFound(\(type)) \(path(context)): \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, let context):
      "keyNotFound(\(key.stringValue)) \(path(context)): \(context.debugDescription)"
    case DecodingError.dataCorrupted(let context):
      "dataCorrupted \(path(context)): \(context.debugDescription)"
    default:
      // A number too large for any type, say, read inside `init(from:)`: each decoder
      // throws its own internal error there (Foundation's `JSONError`, FastJSON's
      // `FastJSONInvalid`) and turns it into `dataCorrupted` only at the top level.
      "not a DecodingError"
    }
  }

  private static func path(_ context: DecodingError.Context) -> String {
    context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.description
  }
}
