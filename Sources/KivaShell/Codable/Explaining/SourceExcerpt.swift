import Foundation

/// One line of a JSON text with a caret under a column, as rustc shows source:
///
/// ```
/// 4 |     {"id": 1, "name": "Amina" "use": "x"}
///   |                               ^
/// ```
struct SourceExcerpt {
  /// The two lines: the source line after its number, and the caret line.
  let lines: [String]

  /// Lines longer than this are cut around the column (minified JSON is one line).
  static let widthLimit = 100
  /// How many characters of a cut line come before the column.
  static let leadingContext = 60

  /// The excerpt for `line` and `column` (from 1; the column counted in Unicode scalars,
  /// as `JSONSyntaxError` counts it) of `json`.
  init(_ json: Data, line: Int, column: Int) {
    // The text `JSONSyntaxError` counts lines and columns in.
    let body = FastJSONEncoding.utf8Bytes(json)
    let sourceLines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    var text =
      sourceLines.indices.contains(line - 1)
      ? String(decoding: sourceLines[line - 1], as: UTF8.self) : ""
    if text.hasSuffix("\r") { text.removeLast() }
    // The caret goes under the character holding the column's scalar.
    let before = String(String.UnicodeScalarView(text.unicodeScalars.prefix(max(0, column - 1))))
    var shown = Array(text)
    var caretAt = before.count
    var lead = ""
    if shown.count > Self.widthLimit {
      let start = max(0, min(caretAt - Self.leadingContext, shown.count - Self.widthLimit))
      let end = min(shown.count, start + Self.widthLimit)
      lead = start > 0 ? "…" : ""
      let trail = end < shown.count ? "…" : ""
      shown = Array(lead) + shown[start..<end] + Array(trail)
      caretAt = caretAt - start + lead.count
    }
    // Tabs stay tabs under the source, so the caret lines up whatever the tab width.
    let padding = shown.prefix(caretAt).map { $0 == "\t" ? "\t" : " " }.joined()
    let gutter = String(line)
    lines = [
      "\(gutter) | \(String(shown))",
      "\(String(repeating: " ", count: gutter.count)) | \(padding)^",
    ]
  }
}
