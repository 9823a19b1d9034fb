import Foundation
import Testing

@testable import KivaShell

/// Helpers for the model decoder's tests.
enum ModelDecoding {
  /// A library of the models in `source`.
  static func library(_ source: String) throws -> ModelLibrary {
    ModelLibrary(try ModelParser.parse(source))
  }

  /// Decodes `json` as `model` of the models in `source`.
  static func decode(
    _ model: String, _ json: String, models source: String,
    options: DecodingOptions = DecodingOptions(), trace: DecodingTrace? = nil
  ) throws -> DecodedValue {
    try ModelDecoder.decode(
      model, from: Data(json.utf8), library: try library(source), options: options, trace: trace)
  }

  /// The tutorial's newest-loans page of 2012-06-12.
  static func fixture() throws -> Data {
    try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("newest-2012-06-12.json"))
  }

  /// A `DecodingError` as a comparable summary: its case, its coding path as a JSON path
  /// (`loans[3].location.country`), the missing key for `keyNotFound`, its description.
  struct ErrorSummary: Equatable, CustomStringConvertible {
    var kind: String
    var path: String
    var key: String?
    var debugDescription: String

    init(_ error: any Error) {
      kind = TraceWriter.name(of: error)
      key = nil
      guard let decodingError = error as? DecodingError else {
        path = ""
        debugDescription = "\(error)"
        return
      }
      let context: DecodingError.Context
      switch decodingError {
      case .keyNotFound(let missing, let found):
        key = missing.stringValue
        context = found
      case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
        context = found
      @unknown default:
        path = ""
        debugDescription = "\(error)"
        return
      }
      path = DecodingErrorDescription.path(context.codingPath)
      debugDescription = context.debugDescription
    }

    init(_ kind: String, _ path: String, key: String? = nil) {
      self.kind = kind
      self.path = path
      self.key = key
      debugDescription = ""
    }

    var description: String { "\(kind) at '\(path)'" + (key.map { " (key '\($0)')" } ?? "") }

    /// Whether the kind, path and key agree (the description is compared separately).
    func sameCase(as other: ErrorSummary) -> Bool {
      kind == other.kind && path == other.path && key == other.key
    }
  }

  /// The error `body` throws, summarized; nil if it does not throw.
  static func error(_ body: () throws -> Any) -> ErrorSummary? {
    do {
      _ = try body()
      return nil
    } catch {
      return ErrorSummary(error)
    }
  }
}

extension DecodedValue {
  /// A model value built from name–value pairs.
  static func model(_ name: String, _ fields: KeyValuePairs<String, DecodedValue>) -> DecodedValue {
    .model(name: name, fields: fields.map { DecodedField($0.key, $0.value) })
  }
}
