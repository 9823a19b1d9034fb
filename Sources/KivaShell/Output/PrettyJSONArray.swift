import Foundation

/// Records as the pretty-printed JSON array `export` writes, encoded one record at a
/// time: the same bytes as `JSONEncoder` gives for the whole array, without the whole
/// array's tree of encoded values (ten times the file's size for 100k loans), and with
/// Ctrl-C heard between records.
struct PrettyJSONArray {
  /// The encoder of one record, pretty-printed (see `RecordRendering.jsonEncoder`).
  private let encoder = RecordJSONEncoder(pretty: true)

  /// Writes the records as `[…]`, or as `{"key": […]}` when `key` is given (a plain key,
  /// written as it is), in pieces of about `RecordRendering.pieceSize` bytes through
  /// `write`, so that a million records never stand whole in memory; a record goes
  /// through `transform` (its favourite mark, say) only as it is written. Throws what the
  /// encoder or `write` throws, or `.interrupted` on Ctrl-C.
  func write<Records: Collection>(
    _ records: Records, underKey key: String? = nil, interrupt: InterruptCheck = .never,
    transform: (Records.Element) -> Records.Element = { $0 }, to write: ([UInt8]) throws -> Void
  ) throws where Records.Element: Encodable {
    // The pretty printer indents two spaces a level; the records are one level in, or
    // two under a key.
    let depth = key == nil ? 1 : 2
    let indent = [UInt8](repeating: UInt8(ascii: " "), count: 2 * depth)
    var pieces = PieceBuffer(
      opening: key.map { "{\n  \"\($0)\" : [\n" } ?? "[\n", separator: ",\n")
    for record in records {
      try pieces.startRecord(interrupt: interrupt)
      pieces.bytes.append(contentsOf: indent)
      try encoder.append(transform(record), to: &pieces.bytes, depth: depth)
      try pieces.endRecord(write)
    }
    try pieces.finish(closing: key == nil ? "\n]" : "\n  ]\n}", write)
  }
}
