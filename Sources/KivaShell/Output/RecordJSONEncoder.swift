import Foundation

/// One record's JSON, the bytes `RecordRendering.jsonEncoder(pretty:)` gives: written by
/// `FastJSONEncoder`, or by that `JSONEncoder` itself for a record the fast encoder
/// cannot promise the same bytes for (see `FastJSONEncoder`). The output is the same
/// either way; only the time differs.
final class RecordJSONEncoder {
  /// Whether the output is pretty-printed.
  let pretty: Bool
  /// The fast path.
  private let fast: FastJSONEncoder
  /// The fallback, made when first needed.
  private lazy var foundation = RecordRendering.jsonEncoder(pretty: pretty)
  /// How many records went to `JSONEncoder` (for tests: the built-in records must not).
  private(set) var fallbackCount = 0

  /// Creates an encoder, pretty-printing or not.
  init(pretty: Bool) {
    self.pretty = pretty
    fast = FastJSONEncoder(pretty: pretty)
  }

  /// Appends the record's JSON as it would appear `depth` levels deep in a
  /// pretty-printed document: its first line where `bytes` ends, the lines after it
  /// indented two spaces a level more. Throws what `JSONEncoder` throws, leaving
  /// `bytes` as it was.
  func append<Record: Encodable>(_ record: Record, to bytes: inout [UInt8], depth: Int = 0)
    throws
  {
    do {
      try fast.append(record, to: &bytes, depth: depth)
      return
    } catch {
      fallbackCount += 1
    }
    let json = try foundation.encode(record)
    guard depth > 0 else {
      bytes.append(contentsOf: json)
      return
    }
    Self.append(json, indentedBy: 2 * depth, to: &bytes)
  }

  /// Appends `json` with `indent` spaces before each line but the first that is not
  /// empty (the printer leaves the line inside an empty array or object empty). Every
  /// line break in it is the printer's: one in a string is written `\n`.
  private static func append(_ json: Data, indentedBy indent: Int, to bytes: inout [UInt8]) {
    var atLineStart = false
    for byte in json {
      if atLineStart, byte != UInt8(ascii: "\n") {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
      }
      bytes.append(byte)
      atLineStart = byte == UInt8(ascii: "\n")
    }
  }
}
