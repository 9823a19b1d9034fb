import Foundation

/// Records as the pretty-printed JSON array `export` writes, encoded one record at a
/// time (`OrderedBatches`, on every core): the same bytes as `JSONEncoder` gives for the
/// whole array, without the whole array's tree of encoded values (ten times the file's
/// size for 100k loans), and with Ctrl-C heard between records.
struct PrettyJSONArray {
  /// Writes the records as `[…]`, or as `{"key": […]}` when `key` is given (a plain key,
  /// written as it is), a batch of records at a time through `write`, so that a million
  /// records never stand whole in memory; a record goes through `transform` (its
  /// favourite mark, say) only as it is written. Throws what the encoder or `write`
  /// throws, or `.interrupted` on Ctrl-C.
  func write<Records: Collection>(
    _ records: Records, underKey key: String? = nil, interrupt: InterruptCheck = .never,
    transform: (Records.Element) -> Records.Element = { $0 }, to write: ([UInt8]) throws -> Void
  ) throws where Records.Element: Encodable {
    // The pretty printer indents two spaces a level; the records are one level in, or
    // two under a key.
    let depth = key == nil ? 1 : 2
    let indent = [UInt8](repeating: UInt8(ascii: " "), count: 2 * depth)
    try OrderedBatches.write(
      records, opening: Array((key.map { "{\n  \"\($0)\" : [\n" } ?? "[\n").utf8),
      separator: Array(",\n".utf8), closing: Array((key == nil ? "\n]" : "\n  ]\n}").utf8),
      interrupt: interrupt, interrupted: ShellError(.interrupted),
      makeEncoder: { RecordJSONEncoder(pretty: true) },
      encode: { (encoder, record, bytes) throws(any Error) in
        bytes.append(contentsOf: indent)
        try encoder.append(transform(record), to: &bytes, depth: depth)
      }, write: write)
  }
}
