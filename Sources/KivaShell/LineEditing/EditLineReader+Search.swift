import CEditLineShim
import Glibc

/// ^R's incremental search and the keys that end it. libedit's search ends at an escape
/// and takes what follows it as typing, so an arrow key (`ESC [ C`) left `[C` in the line.
/// While a search runs, the reader turns an arrow, Home or End into the control key that
/// does the same (→ is ^F), which ends the search with the line found and then moves, as
/// readline does; any other escape sequence ends the search and is dropped.
extension EditLineReader {
  /// ^R and ^S: they start a search, or find the next match.
  static let searchKeys: Set<Unicode.Scalar> = ["\u{12}", "\u{13}"]

  /// Escape sequences (after the ESC) and the control keys that move as they do.
  static let movementsAfterEscape: [String: Unicode.Scalar] = [
    "[A": "\u{10}", "[B": "\u{0E}", "[C": "\u{06}", "[D": "\u{02}",
    "OA": "\u{10}", "OB": "\u{0E}", "OC": "\u{06}", "OD": "\u{02}",
    "[H": "\u{01}", "[F": "\u{05}", "OH": "\u{01}", "OF": "\u{05}", "[1~": "\u{01}",
    "[4~": "\u{05}",
  ]

  /// Notes whether `key`, about to go to libedit, starts, continues or ends a search.
  func noteSearch(_ key: Unicode.Scalar) {
    if Self.searchKeys.contains(key) {
      input.searching = true
    } else if input.searching, !Self.continuesSearch(key) {
      input.searching = false
    }
  }

  /// Keys libedit's search takes as part of it: text, and backspace.
  static func continuesSearch(_ key: Unicode.Scalar) -> Bool {
    (key.value >= 0x20 && key.value != 0x7F) || key == "\u{08}" || key == "\u{7F}"
  }

  /// The key to hand libedit for an ESC read during a search: the control key of the
  /// movement its sequence is, or the ESC alone (which ends the search) once the rest
  /// of an unknown sequence is read and dropped.
  func keyForEscapeInSearch() -> Unicode.Scalar {
    var sequence = ""
    while sequence.count < 6, let next = nextSequenceCharacter() {
      sequence.unicodeScalars.append(next)
      if let movement = Self.movementsAfterEscape[sequence] { return movement }
      // A sequence ends at its final character: a letter or '~' after '[', any after 'O'.
      let isFinal =
        sequence.count > 1
        && (sequence.first == "O" || next.properties.isAlphabetic || next == "~")
      if isFinal || (sequence.count == 1 && next != "[" && next != "O") { break }
    }
    return "\u{1B}"
  }

  /// The next character of an escape sequence: one already read, or one that arrives
  /// within a moment (a terminal sends a sequence at once); nil when none comes.
  private func nextSequenceCharacter() -> Unicode.Scalar? {
    if !input.queued.isEmpty { return input.queued.removeFirst() }
    var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
    guard poll(&fds, 1, 50) > 0 else { return nil }
    var byte: UInt8 = 0
    guard Glibc.read(STDIN_FILENO, &byte, 1) == 1, byte < 0x80 else { return nil }
    return Unicode.Scalar(byte)
  }
}
