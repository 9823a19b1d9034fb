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
    if let value = try builtIn(name, data, options, trace) { return value }
    let known = library.names + BuiltInModels.swiftTypeNames
    throw ShellError(
      .unknownModel(name, suggestion: EditDistance.closest(to: name, among: known)))
  }

  /// `name` decoded as a Swift type compiled into kivash, or a type built on one as the
  /// lab's models may be (`[Loan]`, `Loan?`, `[Loan?]`, `[Loan]?`, `[[Loan]]`); nil for
  /// other names.
  private static func builtIn(
    _ name: String, _ data: Data, _ options: DecodingOptions, _ trace: DecodingTrace?
  ) throws -> String? {
    let base = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]?"))
    let shape = name.replacingOccurrences(of: base, with: "T")
    switch base {
    case "Loan": return try swiftValue(Loan.self, shape: shape, data, options, trace)
    case "Landmark": return try swiftValue(Landmark.self, shape: shape, data, options, trace)
    case "Restaurant": return try swiftValue(Restaurant.self, shape: shape, data, options, trace)
    case "Category": return try swiftValue(Category.self, shape: shape, data, options, trace)
    default: return nil
    }
  }

  private static func swiftValue<T: Decodable>(
    _ type: T.Type, shape: String, _ data: Data, _ options: DecodingOptions,
    _ trace: DecodingTrace?
  ) throws -> String? {
    switch shape {
    case "T": try swiftValue(T.self, data, options, trace)
    case "T?": try swiftValue(T?.self, data, options, trace)
    case "[T]": try swiftValue([T].self, data, options, trace)
    case "[T?]": try swiftValue([T?].self, data, options, trace)
    case "[T]?": try swiftValue([T]?.self, data, options, trace)
    case "[[T]]": try swiftValue([[T]].self, data, options, trace)
    default: nil
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
    if let syntax = DecodingErrorExplainer.explainSyntax(json) {
      return ShellError(.decodingFailed(syntax.summary), notes: syntax.notes)
    }
    let explained = DecodingErrorExplainer.explain(
      error, json: json, options: options, modelName: model, library: library)
    return ShellError(
      .decodingFailed(explained.summary), notes: [swiftNote(error)] + explained.notes)
  }

  /// The error as Swift reports it, which a class meets in Xcode: its case and coding
  /// path, written as Swift prints it (`in Swift: DecodingError.keyNotFound at
  /// loans[3]`). For a missing key, the path is where it was looked for, without the key.
  static func swiftNote(_ error: DecodingError) -> String {
    let (name, context): (String, DecodingError.Context?) =
      switch error {
      case .keyNotFound(_, let context): ("keyNotFound", context)
      case .typeMismatch(_, let context): ("typeMismatch", context)
      case .valueNotFound(_, let context): ("valueNotFound", context)
      case .dataCorrupted(let context): ("dataCorrupted", context)
      @unknown default: ("\(error)", nil)
      }
    var path = ""
    for key in context?.codingPath ?? [] {
      if let index = key.intValue, key.stringValue == "Index \(index)" {
        path += "[\(index)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return "in Swift: DecodingError.\(name) at " + (path.isEmpty ? "the top level" : path)
  }
}
