/// A command typed or pasted over several lines (a `{…}` or `[…]` block), as the one line
/// of history that runs the same: a model's line breaks become `;` (its `// …` comments
/// dropped, since on one line they would hide what follows), JSON's become spaces.
enum HistoryLine {
  /// The one line for `command`; nil when the lines hold several commands (`count; model
  /// P {`), whose blocks would need separators of different kinds.
  static func joined(_ command: String) -> String? {
    guard let commands = try? Tokenizer.commands(in: command), commands.count == 1 else {
      return nil
    }
    let lines = command.split(separator: "\n", omittingEmptySubsequences: false)
    let isModel = lines.first?.split(separator: " ").first?.lowercased() == "model"
    let parts =
      lines
      .map { isModel ? withoutComment(String($0)) : String($0) }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard isModel else { return parts.joined(separator: " ") }
    var joined = ""
    for part in parts {
      if joined.isEmpty {
        joined = part
      } else if joined.hasSuffix("{") || joined.hasSuffix(";") || joined.hasSuffix(",")
        || part.hasPrefix("}")
      {
        joined += " " + part
      } else {
        joined += "; " + part
      }
    }
    return joined
  }

  /// `line` without a `// …` comment outside its strings.
  private static func withoutComment(_ line: String) -> String {
    let characters = Array(line)
    var inString = false
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if inString {
        if character == "\\" {
          index += 1
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
        return String(characters[..<index])
      }
      index += 1
    }
    return line
  }
}
