/// What a terminal shows after the bytes kivash wrote: enough of a VT100 for the prompt's
/// line editing (printing with wrap, CR, LF, BS, cursor moves, erasing), to check the
/// screen a person sees rather than the bytes that draw it.
struct ScreenModel {
  private(set) var rows: [[Character]]
  private let columns: Int
  private var row = 0
  private var column = 0
  /// A character written in the last column wraps only when the next one comes.
  private var pendingWrap = false

  init(rows: Int, columns: Int) {
    self.columns = columns
    self.rows = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen after `text`.
  static func screen(after text: String, rows: Int, columns: Int) -> [String] {
    var model = ScreenModel(rows: rows, columns: columns)
    model.feed(text)
    return model.lines
  }

  /// Each row, without its trailing spaces.
  var lines: [String] {
    rows.map { row in
      var text = Substring(String(row))
      while text.last == " " { text.removeLast() }
      return String(text)
    }
  }

  mutating func feed(_ text: String) {
    var characters = Array(text.unicodeScalars.map(Character.init))[...]
    while let character = characters.popFirst() {
      switch character {
      case "\r": column = 0; pendingWrap = false
      case "\n": lineFeed()
      case "\u{08}": column = max(0, column - 1); pendingWrap = false
      case "\u{07}": break
      case "\u{1B}": escape(&characters)
      default:
        if character.unicodeScalars.first.map({ $0.value < 0x20 }) == true { continue }
        if pendingWrap {
          column = 0
          lineFeed()
          pendingWrap = false
        }
        rows[row][column] = character
        if column == columns - 1 { pendingWrap = true } else { column += 1 }
      }
    }
  }

  private mutating func lineFeed() {
    if row == rows.count - 1 {
      rows.removeFirst()
      rows.append(Array(repeating: " ", count: columns))
    } else {
      row += 1
    }
  }

  /// `ESC [ n X`, the cursor moves and erasures libedit uses; other escapes are skipped.
  private mutating func escape(_ characters: inout ArraySlice<Character>) {
    guard characters.first == "[" else {
      _ = characters.popFirst()
      return
    }
    characters.removeFirst()
    var parameter = ""
    while let next = characters.first, next.isNumber || next == ";" || next == "?" {
      parameter.append(next)
      characters.removeFirst()
    }
    guard let final = characters.popFirst() else { return }
    let n = Int(parameter.split(separator: ";").first ?? "") ?? 1
    pendingWrap = false
    switch final {
    case "A": row = max(0, row - n)
    case "B": row = min(rows.count - 1, row + n)
    case "C": column = min(columns - 1, column + n)
    case "D": column = max(0, column - n)
    case "G": column = min(columns - 1, max(0, n - 1))
    case "K":
      let range =
        parameter == "1"
        ? 0...column : parameter == "2" ? 0...(columns - 1) : column...(columns - 1)
      for index in range { rows[row][index] = " " }
    case "J":
      for index in column..<columns { rows[row][index] = " " }
      for below in (row + 1)..<rows.count { rows[below] = Array(repeating: " ", count: columns) }
    case "P":
      rows[row].removeSubrange(column..<min(columns, column + n))
      rows[row] += Array(repeating: " ", count: columns - rows[row].count)
    case "@":
      rows[row].insert(contentsOf: Array(repeating: " ", count: n), at: column)
      rows[row].removeLast(n)
    default: break
    }
  }
}
