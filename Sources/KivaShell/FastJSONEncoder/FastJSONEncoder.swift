import Foundation

/// A `JSONEncoder` stand-in for kivash's JSON output: the same bytes as
/// `RecordRendering.jsonEncoder(pretty:)` (sorted keys, slashes unescaped, ISO 8601
/// dates, optionally pretty-printed), written straight into a byte buffer, several
/// times faster.
///
/// Values are written as they are encoded into a small tree (`FastJSONNode`): objects
/// keep their keys and values in the order the record encoded them, since their keys
/// are sorted only when the object is written out; strings and numbers are already
/// bytes in a scratch buffer by then.
///
/// It never guesses. Whatever it cannot promise `JSONEncoder`'s bytes for throws
/// `FastJSONUnsupported`, and the caller (`RecordJSONEncoder`) encodes that value with
/// `JSONEncoder` instead: a non-ASCII or repeated key, `superEncoder`, reading
/// `codingPath`, a value that encodes nothing or twice, NaN and infinity (for
/// `JSONEncoder` to throw its own error), an error thrown by the value, and a type
/// from Foundation other than the four handled as `JSONEncoder` handles them (`Date`,
/// `Data`, `URL`, `Decimal`).
final class FastJSONEncoder {
  /// Whether the output is pretty-printed (two spaces a level, `" : "` after keys).
  let pretty: Bool
  /// The scratch of one encoding, kept between values to reuse its buffers.
  private let state = FastJSONEncoderState()

  /// Creates an encoder, pretty-printing or not.
  init(pretty: Bool) {
    self.pretty = pretty
  }

  /// Appends `value`'s JSON to `bytes` as it would appear `depth` levels deep in a
  /// pretty-printed document (its first line is not indented; the lines after it are).
  /// On error, `bytes` is left as it was.
  func append<Value: Encodable>(_ value: Value, to bytes: inout [UInt8], depth: Int = 0) throws {
    state.reset()
    let root: FastJSONValue
    do {
      root = try state.value(of: value)
    } catch let error as FastJSONUnsupported {
      throw error
    } catch {
      throw FastJSONUnsupported("the value threw \(error)")
    }
    if let reason = state.unsupportedReason { throw FastJSONUnsupported(reason) }
    let start = bytes.count
    do {
      try state.scalars.withUnsafeBufferPointer { scalars in
        var writer = FastJSONTreeWriter(scalars: scalars, pretty: pretty)
        try writer.write(root, depth: depth, to: &bytes)
      }
    } catch {
      bytes.removeSubrange(start...)
      throw error
    }
  }

  /// The value's JSON on its own, at depth 0.
  func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try append(value, to: &bytes)
    return bytes
  }
}

/// Why `FastJSONEncoder` left a value to `JSONEncoder`.
struct FastJSONUnsupported: Error, CustomStringConvertible {
  /// What it met, in a few words.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
