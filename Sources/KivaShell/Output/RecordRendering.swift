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

  /// How many bytes a streamed listing gathers before handing them on (`PieceBuffer`).
  static let pieceSize = 1 << 20

  /// Writes `records` as a JSON array, one record a line (`null` for one that cannot be
  /// encoded), in pieces of about `pieceSize` bytes through `write`: a listing of a
  /// million records never stands whole in memory. A record goes through `transform`
  /// (its favourite mark, say) only as it is written. Throws `.interrupted` on Ctrl-C.
  static func writeJSONArray<Records: Collection>(
    _ records: Records, interrupt: InterruptCheck = .never,
    transform: (Records.Element) -> Records.Element = { $0 }, write: (String) -> Void
  ) throws(ShellError) where Records.Element: Encodable {
    guard !records.isEmpty else { return write("[]") }
    var pieces = PieceBuffer(opening: "[\n", separator: ",\n")
    let encoder = RecordJSONEncoder(pretty: false)
    let text = { (bytes: [UInt8]) in write(String(decoding: bytes, as: UTF8.self)) }
    for record in records {
      try pieces.startRecord(interrupt: interrupt)
      if (try? encoder.append(transform(record), to: &pieces.bytes)) == nil {
        pieces.bytes.append(contentsOf: "null".utf8)
      }
      pieces.endRecord(text)
    }
    pieces.finish(closing: "\n]", text)
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

  /// Writes `records` as `csv` does, in pieces of about `pieceSize` bytes through
  /// `write`; a record goes through `transform` only as it is written. Throws what `write`
  /// throws (it stops there), or `.interrupted` on Ctrl-C.
  static func writeCSV<Records: Collection>(
    _ records: Records, interrupt: InterruptCheck = .never,
    transform: (Records.Element) -> Records.Element = { $0 },
    write: (String) throws(ShellError) -> Void
  ) throws(ShellError) where Records.Element: CollectionRecord {
    let fields = Records.Element.exportFields
    var pieces = PieceBuffer(opening: csvRow(fields.map(\.header)))
    let text = { (bytes: [UInt8]) throws(ShellError) in
      try write(String(decoding: bytes, as: UTF8.self))
    }
    for record in records {
      try pieces.startRecord(interrupt: interrupt)
      let shown = transform(record)
      pieces.bytes.append(contentsOf: csvRow(fields.map { $0.value(shown) }).utf8)
      try pieces.endRecord(text)
    }
    try pieces.finish(closing: "", text)
  }

  /// One CSV row: fields with a comma, a quote or a line break are quoted, and their
  /// quotes doubled.
  static func csvRow(_ fields: [String]) -> String {
    fields.map(csvField).joined(separator: ",") + "\r\n"
  }

  /// One CSV field, quoted if it must be. Looked at byte by byte: as characters, a CRLF
  /// is neither a CR nor an LF, and such a field went out unquoted.
  static func csvField(_ field: String) -> String {
    let quote = UInt8(ascii: "\"")
    var needsQuotes = false
    var hasQuote = false
    for byte in field.utf8 {
      switch byte {
      case UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"): needsQuotes = true
      case quote: hasQuote = true
      default: continue
      }
    }
    guard needsQuotes || hasQuote else { return field }
    guard hasQuote else { return "\"" + field + "\"" }
    var bytes: [UInt8] = [quote]
    bytes.reserveCapacity(field.utf8.count + 8)
    for byte in field.utf8 {
      bytes.append(byte)
      if byte == quote { bytes.append(quote) }
    }
    bytes.append(quote)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The records as `field = value` lines, a blank line between records. Throws
  /// `.interrupted` on Ctrl-C.
  static func lines<Record: CollectionRecord>(
    _ records: [Record], interrupt: InterruptCheck = .never
  ) throws(ShellError) -> [String] {
    let fields = Record.exportFields
    let width = fields.map(\.header.count).max() ?? 0
    var lines: [String] = []
    for (index, record) in records.enumerated() {
      try interrupt.check()
      if index > 0 { lines.append("") }
      for field in fields {
        lines.append(TextLayout.padLeft(field.header, width) + " = " + field.value(record))
      }
    }
    return lines
  }
}
