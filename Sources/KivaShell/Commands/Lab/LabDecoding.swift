import Foundation

/// Decoding for the lab's commands: lab models through the model decoder, the Swift
/// types compiled into kivash through the tracing decoder; failures explained.
enum LabDecoding {
  /// Decodes `data` as the model or Swift type called `name`; returns the value as
  /// Swift's `print` shows it.
  static func decode(
    _ name: String, from data: Data, library: ModelLibrary, options: DecodingOptions,
    trace: DecodingTrace?
  ) throws -> String {
    if library[name] != nil {
      return try ModelDecoder.decode(
        name, from: data, library: library, options: options, trace: trace
      ).swiftDescription
    }
    switch name {
    case "Loan": return try swiftValue(Loan.self, data, options, trace)
    case "Landmark": return try swiftValue(Landmark.self, data, options, trace)
    case "Restaurant": return try swiftValue(Restaurant.self, data, options, trace)
    case "Category": return try swiftValue(Category.self, data, options, trace)
    default:
      let known = library.names + BuiltInModels.swiftTypeNames
      throw ShellError(
        .unknownModel(name, suggestion: EditDistance.closest(to: name, among: known)))
    }
  }

  private static func swiftValue<T: Decodable>(
    _ type: T.Type, _ data: Data, _ options: DecodingOptions, _ trace: DecodingTrace?
  ) throws -> String {
    let value = try TracedDecoding.decode(
      type, from: data, options: options, trace: trace ?? DecodingTrace())
    return String(describing: value)
  }

  /// The error to show for a failed decode: malformed JSON with its line, column and a
  /// caret; otherwise the DecodingError explained.
  static func explain(
    _ error: DecodingError, json: Data, options: DecodingOptions, model: String,
    library: ModelLibrary? = nil
  ) -> ShellError {
    if let date = dateNotAString(
      error, json: json, options: options, model: model, library: library)
    {
      return ShellError(.decodingFailed(date.summary), notes: date.notes)
    }
    let explained =
      DecodingErrorExplainer.explainSyntax(json)
      ?? DecodingErrorExplainer.explain(error, json: json, options: options, modelName: model)
    return ShellError(.decodingFailed(explained.summary), notes: explained.notes)
  }

  /// A `Date` field given a number while dates are read as ISO 8601 strings:
  /// `JSONDecoder` reports a `String` it could not find, and the usual advice (declare
  /// the property as Int) would be wrong; the date strategy is the fix.
  private static func dateNotAString(
    _ error: DecodingError, json: Data, options: DecodingOptions, model: String,
    library: ModelLibrary?
  ) -> ExplainedDecodingError? {
    guard case .typeMismatch(let type, let context) = error, type == String.self,
      options.dateStrategy == .iso8601,
      library?.type(at: context.codingPath, root: model) == .date,
      let found = JSONDocument(json, options: options).resolve(context.codingPath).1
        .map(JSONValue.init),
      case .number = found
    else { return nil }
    let path = JSONPath(
      steps: context.codingPath.map { key in
        key.intValue.map { .index($0) } ?? .key(key.stringValue)
      }
    ).text
    return ExplainedDecodingError(
      summary: "\(path) is a Date, read as an ISO 8601 string, but the JSON has no string there",
      notes: [
        "path: \(path)",
        "expected: a date string like \"2012-06-12T20:30:03Z\" (dateDecodingStrategy = .iso8601)"
          + " — found: \(found.withArticle)",
        "fix: a number of seconds since 1970 is a timestamp: decode with --dates seconds "
          + "(dateDecodingStrategy = .secondsSince1970)",
      ])
  }
}
