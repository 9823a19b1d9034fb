/// The keys terminals send as escape sequences, bound so that none of them puts its
/// bytes into the line: unbound, libedit inserts what follows the escape (`;5D`, with a
/// `;` that separates commands; `[5~` for Page Up).
extension EditLineReader {
  /// The editor command that does nothing, for keys with no use at this prompt.
  static let ignoreKey = "kivash-ignore-key"

  /// Each key's sequence as xterm and its kin send it, and the editor command it runs.
  static let terminalKeys: [(key: String, command: String)] = {
    var keys: [(key: String, command: String)] = []
    // Ctrl- and Alt-arrows by a word; Shift-arrows as the plain ones.
    for modifier in ["5", "3"] {
      keys.append(("\\e[1;\(modifier)D", "ed-prev-word"))
      keys.append(("\\e[1;\(modifier)C", "em-next-word"))
      keys.append(("\\e[1;\(modifier)A", ignoreKey))
      keys.append(("\\e[1;\(modifier)B", ignoreKey))
      keys.append(("\\e[3;\(modifier)~", "em-delete-next-word"))
    }
    keys += [
      ("\\e[1;2D", "ed-prev-char"), ("\\e[1;2C", "ed-next-char"),
      ("\\e[1;2A", "ed-prev-history"), ("\\e[1;2B", "ed-next-history"),
      // Home, End and Delete.
      ("\\e[H", "ed-move-to-beg"), ("\\e[F", "ed-move-to-end"), ("\\eOH", "ed-move-to-beg"),
      ("\\eOF", "ed-move-to-end"), ("\\e[1~", "ed-move-to-beg"), ("\\e[4~", "ed-move-to-end"),
      ("\\e[3~", "ed-delete-next-char"),
    ]
    // Insert, Page Up, Page Down and F1 to F12: nothing to do here.
    let unused = [
      "\\e[2~", "\\e[5~", "\\e[6~", "\\eOP", "\\eOQ", "\\eOR", "\\eOS", "\\e[11~", "\\e[12~",
      "\\e[13~", "\\e[14~", "\\e[15~", "\\e[17~", "\\e[18~", "\\e[19~", "\\e[20~", "\\e[21~",
      "\\e[23~", "\\e[24~",
    ]
    keys += unused.map { ($0, ignoreKey) }
    // Alt-x (Esc x) would open libedit's own ':' command line, whose commands and history
    // are not kivash's: an Emacs user pressing M-x lands there by accident.
    keys += [("\\ex", ignoreKey), ("\\eX", ignoreKey)]
    return keys
  }()
}
