/// A command typed or pasted over several lines (a `{…}` or `[…]` block), as the one line
/// of history that runs the same: a model's line breaks become `;`, JSON's become spaces,
/// and comments are dropped (`#` ones, and a model's `// …`), since on one line they
/// would hide what follows.
enum HistoryLine {
  /// The one line for `command`; nil when the lines hold several commands (`count; model
  /// P {`), whose blocks would need separators of different kinds.
  static func joined(_ command: String) -> String? {
    guard let commands = try? Tokenizer.commands(in: command), commands.count == 1 else {
      return nil
    }
    let lines = command.split(separator: "\n", omittingEmptySubsequences: false)
    let isModel = lines.first?.split(separator: " ").first?.lowercased() == "model"
    var depth = 0
    let parts =
      lines
      .map { withoutComment(String($0), slashes: isModel, depth: &depth) }
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

  /// `line` without its comment: a `#` outside strings (in a block, or starting a word,
  /// as the tokenizer reads it), and in a model (`slashes`) a `// …`. `depth` counts the
  /// blocks open at the line's start, and is left counting those open at its end.
  private static func withoutComment(_ line: String, slashes: Bool, depth: inout Int) -> String {
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
      } else if character == "{" || character == "[" {
        depth += 1
      } else if character == "}" || character == "]" {
        depth = max(0, depth - 1)
      } else if character == "#", depth > 0 || index == 0 || characters[index - 1].isWhitespace {
        return String(characters[..<index])
      } else if slashes, character == "/", index + 1 < characters.count,
        characters[index + 1] == "/"
      {
        return String(characters[..<index])
      }
      index += 1
    }
    return line
  }
}
