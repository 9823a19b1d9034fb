import CEditLineShim

/// Lays out completion candidates in columns that fit the terminal, like `ls`: filled top
/// to bottom, then left to right, two spaces between columns.
enum CompletionListing {
  static let gutter = 2
  /// Above this many candidates, TAB asks before listing them (readline's
  /// `completion-query-items`, whose default this is).
  static let askAbove = 100

  /// What TAB asks before listing `count` candidates, as readline asks it.
  static func question(count: Int) -> String {
    "Display all \(count) possibilities? (y or n)"
  }

  /// What a key does at the `--More--` under a listing taller than the screen, as in
  /// readline: space or y shows the next screenful, Return the next row; q, n or Delete
  /// stops. Nil for a key that does nothing there.
  enum MoreAction: Equatable {
    case page, row, stop

    init?(key: Unicode.Scalar) {
      switch key {
      case " ", "y", "Y": self = .page
      case "\r", "\n": self = .row
      case "q", "Q", "n", "N", "\u{7F}", "\u{08}": self = .stop
      default: return nil
      }
    }
  }

  /// What the pager under a listing shows while it waits for a key.
  static let more = "--More--"

  /// How many rows a screen of `height` rows shows before `--More--` (which takes the
  /// last); all of them when the height is unknown.
  static func rowsPerScreen(height: Int, rowCount: Int) -> Int {
    height > 1 ? height - 1 : rowCount
  }

  /// The rows to print, without trailing spaces; one candidate a row if the widest does
  /// not fit twice.
  static func rows(_ items: [String], width: Int) -> [String] {
    guard !items.isEmpty else { return [] }
    let widths = items.map(displayWidth)
    let columnWidth = (widths.max() ?? 0) + gutter
    let columns = max(1, min(items.count, (width + gutter) / max(1, columnWidth)))
    let rowCount = (items.count + columns - 1) / columns
    return (0..<rowCount).map { row in
      var line = ""
      for column in 0..<columns {
        let index = column * rowCount + row
        guard index < items.count else { break }
        let isLast = (column + 1) * rowCount + row >= items.count
        line += items[index]
        if !isLast { line += String(repeating: " ", count: columnWidth - widths[index]) }
      }
      return line
    }
  }

  /// How many terminal columns `text` takes (wide East Asian characters take two, combining
  /// marks none), as the C library tells for the current locale.
  static func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      total + max(0, Int(kivash_character_width(wchar_t(bitPattern: scalar.value))))
    }
  }
}
