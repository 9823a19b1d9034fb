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
    if library.rootType(name) != nil {
      return try ModelDecoder.decode(
        name, from: data, library: library, options: options, trace: trace
      ).swiftDescription
    }
    switch name {
    case "Loan": return try swiftValue(Loan.self, data, options, trace)
    case "Landmark": return try swiftValue(Landmark.self, data, options, trace)
    case "Restaurant": return try swiftValue(Restaurant.self, data, options, trace)
    case "Category": return try swiftValue(Category.self, data, options, trace)
    case "[Loan]": return try swiftValue([Loan].self, data, options, trace)
    case "[Landmark]": return try swiftValue([Landmark].self, data, options, trace)
    case "[Restaurant]": return try swiftValue([Restaurant].self, data, options, trace)
    case "[Category]": return try swiftValue([Category].self, data, options, trace)
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
    let explained =
      DecodingErrorExplainer.explainSyntax(json)
      ?? DecodingErrorExplainer.explain(
        error, json: json, options: options, modelName: model, library: library)
    return ShellError(.decodingFailed(explained.summary), notes: explained.notes)
  }
}
