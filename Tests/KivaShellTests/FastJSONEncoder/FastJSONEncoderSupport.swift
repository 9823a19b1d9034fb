import Foundation
import Testing

@testable import KivaShell

/// Compares `FastJSONEncoder` with the `JSONEncoder` it stands in for.
enum EncoderDifferential {
  /// What `JSONEncoder` gives, as text, or nil if it throws.
  static func foundation<Value: Encodable>(_ value: Value, pretty: Bool) -> String? {
    guard let data = try? RecordRendering.jsonEncoder(pretty: pretty).encode(value) else {
      return nil
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// What the fast path alone gives, as text, or nil if it refuses the value.
  static func fast<Value: Encodable>(_ value: Value, pretty: Bool) -> String? {
    guard let bytes = try? FastJSONEncoder(pretty: pretty).encode(value) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Expects the fast path to take `value` and give `JSONEncoder`'s bytes, compact and
  /// pretty.
  static func expectSame<Value: Encodable>(
    _ value: Value, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for pretty in [false, true] {
      let expected = foundation(value, pretty: pretty)
      #expect(expected != nil, "JSONEncoder refused \(note)", sourceLocation: sourceLocation)
      let got = fast(value, pretty: pretty)
      #expect(got != nil, "the fast path refused \(note)", sourceLocation: sourceLocation)
      #expect(
        got == expected, "\(note) pretty: \(pretty)", sourceLocation: sourceLocation)
    }
  }
}

extension EncoderDifferential {
  /// What `RecordJSONEncoder` (fast path, else `JSONEncoder`) gives, as text, and how
  /// many values it left to `JSONEncoder`; nil if it throws.
  static func withFallback<Value: Encodable>(_ value: Value, pretty: Bool) -> (
    text: String, fallbacks: Int
  )? {
    let encoder = RecordJSONEncoder(pretty: pretty)
    var bytes: [UInt8] = []
    guard (try? encoder.append(value, to: &bytes)) != nil else { return nil }
    return (String(decoding: bytes, as: UTF8.self), encoder.fallbackCount)
  }

  /// Expects the fast path to refuse `value`, and `RecordJSONEncoder` then to give
  /// `JSONEncoder`'s bytes through `JSONEncoder`, compact and pretty.
  static func expectFallback<Value: Encodable>(
    _ value: Value, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for pretty in [false, true] {
      #expect(fast(value, pretty: pretty) == nil, "\(note)", sourceLocation: sourceLocation)
      let result = withFallback(value, pretty: pretty)
      #expect(result?.fallbacks == 1, "\(note)", sourceLocation: sourceLocation)
      #expect(
        result?.text == foundation(value, pretty: pretty), "\(note) pretty: \(pretty)",
        sourceLocation: sourceLocation)
    }
  }
}
