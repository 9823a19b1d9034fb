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

  /// One record as compact JSON.
  static func json<Record: Encodable>(_ record: Record) -> String {
    guard let data = try? jsonEncoder().encode(record) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The records as a JSON array, one record a line; throws `.interrupted` on Ctrl-C.
  static func jsonArray<Record: Encodable>(
    _ records: [Record], interrupt: InterruptCheck = .never
  ) throws(ShellError) -> String {
    guard !records.isEmpty else { return "[]" }
    var lines: [String] = []
    lines.reserveCapacity(records.count)
    for record in records {
      try interrupt.check()
      lines.append(json(record))
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n]"
  }

  /// The records as CSV: a header row, then a row each; lines end with CRLF. Throws
  /// `.interrupted` on Ctrl-C.
  static func csv<Record: CollectionRecord>(
    _ records: [Record], interrupt: InterruptCheck = .never
  ) throws(ShellError) -> String {
    let fields = Record.exportFields
    var text = csvRow(fields.map(\.header))
    for record in records {
      try interrupt.check()
      text += csvRow(fields.map { $0.value(record) })
    }
    return text
  }

  /// One CSV row: fields with a comma, a quote or a line break are quoted, and their
  /// quotes doubled.
  static func csvRow(_ fields: [String]) -> String {
    fields.map { field in
      guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
      else { return field }
      return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }.joined(separator: ",") + "\r\n"
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
