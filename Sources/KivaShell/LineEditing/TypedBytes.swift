/// A line typed at the terminal that held bytes that are not UTF-8 (a terminal set to
/// Latin-1, say): the reader showed each run of them as U+FFFD, and the line is refused
/// as a script's line would be, never run with the bytes dropped or replaced.
enum TypedBytes {
  /// The error for `line` when it still holds a U+FFFD the reader put in for `invalid`
  /// (the runs of bad bytes typed, in order); nil when it holds none.
  ///
  /// The line is shown with each U+FFFD spelled as the bytes it stood for, taken in order
  /// (a U+FFFD typed as such, or a run deleted before Enter, can shift them).
  static func notUTF8(_ line: String, invalid: [[UInt8]]) -> ShellError? {
    guard !invalid.isEmpty, line.unicodeScalars.contains("\u{FFFD}") else { return nil }
    var shown = ""
    var runs = invalid[...]
    var column: Int?
    var byte: UInt8 = 0
    for (index, scalar) in line.unicodeScalars.enumerated() {
      guard scalar == "\u{FFFD}", let run = runs.popFirst() else {
        shown.unicodeScalars.append(scalar)
        continue
      }
      if column == nil {
        column = index + 1
        byte = run.first ?? 0
      }
      for value in run { shown += "\\x" + TextLine.hex(value) }
    }
    return ShellError(.notUTF8Typed(text: shown, column: column ?? 1, byte: byte))
  }
}
