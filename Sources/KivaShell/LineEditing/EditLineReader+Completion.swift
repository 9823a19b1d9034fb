import CEditLineShim
import Glibc

/// TAB: ask the completer, apply its edit, list candidates below the line.
extension EditLineReader {
  static let tabKey: wchar_t = 9

  /// The function bound to TAB; returns a libedit CC_* code.
  func complete(_ editLine: OpaquePointer) -> UInt8 {
    let before = textBeforeCursor(editLine)
    let repeated = input.keyBeforeLast == Self.tabKey && textAfterLastCompletion == before
    let edit = completer(CompletionRequest(textBeforeCursor: before, isRepeated: repeated))
    defer { textAfterLastCompletion = textBeforeCursor(editLine) }
    if edit.deleteBackward <= 0 && edit.insert.isEmpty && edit.listing.isEmpty {
      return UInt8(CC_REFRESH_BEEP)
    }

    // libedit counts wide characters (Unicode scalars); the edit counts grapheme clusters.
    let deleted = before.suffix(max(0, edit.deleteBackward)).unicodeScalars.count
    if deleted > 0 { el_deletestr(editLine, Int32(clamping: deleted)) }
    let inserted =
      edit.insert.isEmpty || edit.insert.withWideCString { el_winsertstr(editLine, $0) } == 0
    if !inserted {
      return UInt8(CC_REFRESH_BEEP)  // the line cannot grow that long
    }

    if !edit.listing.isEmpty {
      // Below the line's last row, not over the rest of a line that wraps.
      writeOutput(String(repeating: "\n", count: rowsBelowCursor(editLine)))
      if edit.listing.count > CompletionListing.askAbove {
        writeOutput("\n" + CompletionListing.question(count: edit.listing.count))
        let answer = readAnswer(editLine)
        writeOutput("\n")
        if answer { writeListing(edit.listing, editLine) }
      } else {
        writeOutput("\n")
        writeListing(edit.listing, editLine)
      }
      // The listing moved the cursor below the line: forget what libedit thinks is on the
      // screen and draw prompt and line again from here.
      kivash_el_refresh(editLine)
      return UInt8(CC_NORM)
    }
    // Redraw the whole line rather than patch it, so the screen holds the completed word.
    return UInt8(CC_REDISPLAY)
  }

  /// Writes `items` in columns that fit the terminal, the cursor left on a fresh line;
  /// a screenful at a time under `--More--` when they are taller than the screen.
  private func writeListing(_ items: [String], _ editLine: OpaquePointer) {
    let width = Int(kivash_terminal_columns(STDOUT_FILENO))
    let rows = CompletionListing.rows(items, width: width > 0 ? width : 80)
    let height = Int(kivash_terminal_rows(STDOUT_FILENO))
    let screenful = CompletionListing.rowsPerScreen(height: height, rowCount: rows.count)
    var shown = 0
    var next = screenful
    while true {
      let end = min(rows.count, shown + next)
      writeOutput(rows[shown..<end].joined(separator: "\n") + "\n")
      shown = end
      guard shown < rows.count else { return }
      writeOutput(CompletionListing.more)
      let action = readMoreAction(editLine)
      // Rub out the question: the next rows, or the prompt, start where it stood.
      writeOutput("\r\u{1B}[K")
      switch action {
      case .page: next = screenful
      case .row: next = 1
      case .stop: return
      }
    }
  }

  /// Reads keys until one that `--More--` acts on; stop at Ctrl-C (which also ends the
  /// line, as at the prompt) or the end of input.
  private func readMoreAction(_ editLine: OpaquePointer) -> CompletionListing.MoreAction {
    var key: wchar_t = 0
    while readCharacter(editLine, into: &key) == 1 {
      if let scalar = Unicode.Scalar(UInt32(bitPattern: key)),
        let action = CompletionListing.MoreAction(key: scalar)
      {
        return action
      }
    }
    return .stop
  }

  /// Reads the answer to the question: y, Y or space is yes; n, N, Delete, Ctrl-C (which
  /// also ends the line, as at the prompt) or the end of input is no, as in readline.
  /// Other keys are not an answer.
  private func readAnswer(_ editLine: OpaquePointer) -> Bool {
    var key: wchar_t = 0
    while readCharacter(editLine, into: &key) == 1 {
      switch Unicode.Scalar(UInt32(bitPattern: key)) {
      case "y", "Y", " ": return true
      case "n", "N", "\u{7F}", "\u{08}": return false
      default: continue
      }
    }
    return false
  }

  /// The line from its start up to the cursor.
  /// How many rows of the screen the line goes on below the cursor's row.
  private func rowsBelowCursor(_ editLine: OpaquePointer) -> Int {
    guard let info = el_wline(editLine), let buffer = info.pointee.buffer,
      let end = info.pointee.lastchar
    else { return 0 }
    let columns = max(Int(kivash_terminal_columns(STDOUT_FILENO)), 1)
    let line = String(wide: buffer, count: buffer.distance(to: end))
    let lastRow = (promptWidth + DisplayWidth.of(line)) / columns
    let cursorRow = (promptWidth + DisplayWidth.of(textBeforeCursor(editLine))) / columns
    return max(0, lastRow - cursorRow)
  }

  func textBeforeCursor(_ editLine: OpaquePointer) -> String {
    guard let info = el_wline(editLine), let buffer = info.pointee.buffer,
      let cursor = info.pointee.cursor
    else { return "" }
    return String(wide: buffer, count: buffer.distance(to: cursor))
  }
}
