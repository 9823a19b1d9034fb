import Foundation

/// Records as each output mode prints them. Tables are `RecordTable`'s; the others are
/// for programs: JSON through the records' `Encodable`, CSV by RFC 4180.
enum RecordRendering {
  /// The encoder of JSON output and `export`: sorted keys, ISO 8601 dates.
  static func jsonEncoder(pretty: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  /// One record as compact JSON, or `null` if it cannot be encoded.
  static func json<Record: Encodable>(_ record: Record) -> String {
    var bytes: [UInt8] = []
    guard (try? RecordJSONEncoder(pretty: false).append(record, to: &bytes)) != nil
    else { return "null" }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes `records` as a JSON array, one record a line (`null` for one that cannot be
  /// encoded), a batch of records at a time through `write` (`OrderedBatches`, on every
  /// core): a listing of a million records never stands whole in memory. A record goes
  /// through `transform` (its favourite mark, say) only as it is written. Throws
  /// `.interrupted` on Ctrl-C.
  static func writeJSONArray<Records: Collection>(
    _ records: Records, interrupt: InterruptCheck = .never,
    transform: (Records.Element) -> Records.Element = { $0 }, write: (String) -> Void
  ) throws(ShellError) where Records.Element: Encodable {
    guard !records.isEmpty else { return write("[]") }
    try OrderedBatches.write(
      records, opening: Array("[\n".utf8), separator: Array(",\n".utf8),
      closing: Array("\n]".utf8),
      interrupt: interrupt, interrupted: ShellError(.interrupted),
      makeEncoder: { RecordJSONEncoder(pretty: false) },
      encode: { (encoder, record, bytes) throws(ShellError) in
        if (try? encoder.append(transform(record), to: &bytes)) == nil {
          bytes.append(contentsOf: "null".utf8)
        }
      }, write: { (bytes) throws(ShellError) in write(String(decoding: bytes, as: UTF8.self)) })
  }

  /// The records as CSV: a header row, then a row each; lines end with CRLF. Throws
  /// `.interrupted` on Ctrl-C.
  static func csv<Record: CollectionRecord>(
    _ records: [Record], interrupt: InterruptCheck = .never
  ) throws(ShellError) -> String {
    var text = ""
    try writeCSV(records, interrupt: interrupt) { text += $0 }
    return text
  }

  /// Writes `records` as `csv` does, a batch of records at a time through `write`
  /// (`OrderedBatches`, on every core); a record goes through `transform` only as it is
  /// written. Throws what `write` throws (it stops there), or `.interrupted` on Ctrl-C.
  static func writeCSV<Records: Collection>(
    _ records: Records, interrupt: InterruptCheck = .never,
    transform: (Records.Element) -> Records.Element = { $0 },
    write: (String) throws(ShellError) -> Void
  ) throws(ShellError) where Records.Element: CollectionRecord {
    let fields = Records.Element.exportFields
    try OrderedBatches.write(
      records, opening: Array(csvRow(fields.map(\.header)).utf8),
      interrupt: interrupt, interrupted: ShellError(.interrupted),
      makeEncoder: {},
      encode: { (_, record, bytes) throws(ShellError) in
        let shown = transform(record)
        appendCSVRow(fields.lazy.map { $0.value(shown) }, to: &bytes)
      },
      write: { (bytes) throws(ShellError) in try write(String(decoding: bytes, as: UTF8.self)) })
  }

  /// One CSV row: fields with a comma, a quote or a line break are quoted, and their
  /// quotes doubled.
  static func csvRow(_ fields: [String]) -> String {
    var bytes: [UInt8] = []
    appendCSVRow(fields, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the row `csvRow` gives, CRLF included, to `bytes`.
  static func appendCSVRow(_ fields: some Sequence<String>, to bytes: inout [UInt8]) {
    var isFirst = true
    for field in fields {
      if !isFirst { bytes.append(UInt8(ascii: ",")) }
      isFirst = false
      appendCSVField(field, to: &bytes)
    }
    bytes.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")])
  }

  /// One CSV field, quoted if it must be.
  static func csvField(_ field: String) -> String {
    var bytes: [UInt8] = []
    appendCSVField(field, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends one CSV field, quoted if it must be. Looked at byte by byte: as characters, a
  /// CRLF is neither a CR nor an LF, and such a field went out unquoted.
  static func appendCSVField(_ field: String, to bytes: inout [UInt8]) {
    let quote = UInt8(ascii: "\"")
    var needsQuotes = false
    for byte in field.utf8 {
      switch byte {
      case UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"), quote: needsQuotes = true
      default: continue
      }
      break
    }
    guard needsQuotes else { return bytes.append(contentsOf: field.utf8) }
    bytes.append(quote)
    for byte in field.utf8 {
      bytes.append(byte)
      if byte == quote { bytes.append(quote) }
    }
    bytes.append(quote)
  }

  /// The records as `field = value` lines, a blank line between records. Throws
  /// `.interrupted` on Ctrl-C.
  static func lines<Records: Sequence>(
    _ records: Records, interrupt: InterruptCheck = .never
  ) throws(ShellError) -> [String] where Records.Element: CollectionRecord {
    let fields = Records.Element.exportFields
    let width = fields.map(\.header.count).max() ?? 0
    var lines: [String] = []
    for (index, record) in records.enumerated() {
      try interrupt.check()
      if index > 0 { lines.append("") }
      for field in fields {
        // One line per field: the value's line breaks and controls become spaces.
        let value = TextLayout.printable(field.value(record))
        lines.append(TextLayout.padLeft(field.header, width) + " = " + value)
      }
    }
    return lines
  }
}
