import Foundation
import Testing

@testable import KivaShell

/// Runs the same decoding through `JSONDecoder` and `FastJSONDecoder` and compares what
/// comes out: equal values, or errors of the same kind, coding path and message.
struct FastJSONDifferential {
  var dateStrategy: FastJSONDecoder.DateStrategy = .deferredToDate
  var keyStrategy: FastJSONDecoder.KeyStrategy = .useDefaultKeys

  /// Every combination of strategies worth running a case under.
  static let all: [FastJSONDifferential] = [
    .init(), .init(dateStrategy: .iso8601), .init(keyStrategy: .convertFromSnakeCase),
    .init(dateStrategy: .iso8601, keyStrategy: .convertFromSnakeCase),
    .init(dateStrategy: .secondsSince1970), .init(dateStrategy: .millisecondsSince1970),
  ]

  var foundation: JSONDecoder {
    let decoder = JSONDecoder()
    switch dateStrategy {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
    }
    if case .convertFromSnakeCase = keyStrategy {
      decoder.keyDecodingStrategy = .convertFromSnakeCase
    }
    return decoder
  }

  var fast: FastJSONDecoder {
    var decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = dateStrategy
    decoder.keyDecodingStrategy = keyStrategy
    return decoder
  }

  /// What one decoder made of the input.
  enum Outcome: Equatable, CustomStringConvertible {
    case value(String)
    case error(ErrorSummary)

    var description: String {
      switch self {
      case .value(let value): "value \(value)"
      case .error(let error): "\(error)"
      }
    }
  }

  /// A `DecodingError` reduced to what the decoders must agree on.
  struct ErrorSummary: Equatable, CustomStringConvertible {
    var kind: String
    var type: String
    var path: [String]
    var message: String

    init(_ error: any Error) {
      switch error {
      case DecodingError.typeMismatch(let type, let context):
        self.init("typeMismatch", "\(type)", context)
      case DecodingError.valueNotFound(let type, let context):
        self.init("valueNotFound", "\(type)", context)
      case DecodingError.keyNotFound(let key, let context):
        self.init("keyNotFound", key.stringValue, context)
      case DecodingError.dataCorrupted(let context):
        self.init("dataCorrupted", "", context)
      default:
        self.init(
          "not a DecodingError", "\(Swift.type(of: error))",
          .init(codingPath: [], debugDescription: ""))
      }
    }

    private init(_ kind: String, _ type: String, _ context: DecodingError.Context) {
      self.kind = kind
      self.type = type
      path = Self.path(context.codingPath)
      message = context.debugDescription
    }

    static func path(_ keys: [any CodingKey]) -> [String] {
      keys.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }

    var description: String { "\(kind)(\(type)) at \(path): \(message)" }
  }

  /// Decodes `data` as `T` with both decoders; `describe` turns a value into text.
  func outcomes<T: Decodable>(
    _ type: T.Type, _ data: Data, describe: (T) -> String = { String(reflecting: $0) }
  ) -> (foundation: Outcome, fast: Outcome) {
    let (foundation, fast) = results(type, data)
    return (outcome(foundation, describe), outcome(fast, describe))
  }

  func results<T: Decodable>(_ type: T.Type, _ data: Data) -> (
    foundation: Result<T, any Error>, fast: Result<T, any Error>
  ) {
    (
      Result { try foundation.decode(type, from: data) },
      Result { try fast.decode(type, from: data) }
    )
  }

  private func outcome<T>(_ result: Result<T, any Error>, _ describe: (T) -> String) -> Outcome {
    switch result {
    case .success(let value): .value(describe(value))
    case .failure(let error): .error(ErrorSummary(error))
    }
  }

  /// Expects both decoders to agree on `data` decoded as `T`: equal values, or the same
  /// error.
  @discardableResult
  func expectSame<T: Decodable & Equatable>(
    _ type: T.Type, _ data: Data, _ label: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    let (foundation, fast) = results(type, data)
    let same: Bool
    switch (foundation, fast) {
    case (.success(let left), .success(let right)): same = left == right
    case (.failure(let left), .failure(let right)): same = ErrorSummary(left) == ErrorSummary(right)
    default: same = false
    }
    let describe: (T) -> String = { String(reflecting: $0) }
    #expect(
      same,
      "\(label()) [\(self)] \(T.self) from \(Self.excerpt(data)):\n  JSONDecoder: \(outcome(foundation, describe))\n  FastJSON:    \(outcome(fast, describe))",
      sourceLocation: sourceLocation)
    return outcome(foundation, describe)
  }

  /// Expects both decoders to agree on `data` decoded as `T`, compared as text.
  @discardableResult
  func expectSame<T: Decodable>(
    _ type: T.Type, _ data: Data, _ label: @autoclosure () -> String = "",
    describe: (T) -> String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    let (foundation, fast) = outcomes(type, data, describe: describe)
    #expect(
      foundation == fast,
      "\(label()) [\(self)] \(T.self) from \(Self.excerpt(data)):\n  JSONDecoder: \(foundation)\n  FastJSON:    \(fast)",
      sourceLocation: sourceLocation)
    return foundation
  }

  /// Expects both decoders to agree on `json`.
  @discardableResult
  func expectSame<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    expectSame(type, Data(json.utf8), sourceLocation: sourceLocation)
  }

  /// Expects both decoders to agree on `json`, compared as text.
  @discardableResult
  func expectSame<T: Decodable>(
    _ type: T.Type, _ json: String, describe: (T) -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    expectSame(type, Data(json.utf8), describe: describe, sourceLocation: sourceLocation)
  }

  static func excerpt(_ data: Data) -> String {
    let text = String(decoding: data.prefix(160), as: UTF8.self)
    return data.count > 160 ? "\(text)…" : text
  }
}

extension FastJSONDifferential: CustomStringConvertible {
  var description: String { "\(dateStrategy), \(keyStrategy)" }
}

/// `LoanStore` as text: loans, paging and skipped loans with their reasons.
func describeStore(_ store: LoanStore) -> String {
  "\(store.loans) \(String(describing: store.paging)) \(store.skipped)"
}
