/// A lesson's JSON and models laid out to fit the screen: a class reads them on a
/// projector, where a terminal would break a long line in the middle of a word. Lines
/// that fit stay as they are; each form still reads back as typed (the JSON keeps its
/// keys' order, and a model's fields one to a line are the same model).
enum LessonLayout {
  /// `json` on lines of at most `width` columns where it can be: an object or array that
  /// does not fit has its members one to a line, indented, each laid out the same way.
  /// JSON it cannot read comes back as it is.
  static func json(_ json: String, width: Int) -> [String] {
    var parser = Parser(Array(json))
    guard let node = parser.value(), parser.atEnd else { return [json] }
    return lines(node, indent: "", prefix: "", suffix: "", width: width)
  }

  /// A model's source on one line if it fits in `width`, else its fields one to a line.
  static func model(_ source: String, width: Int) -> [String] {
    guard source.count > width, !source.contains("\n"),
      let open = source.firstIndex(of: "{"), let close = source.lastIndex(of: "}"), open < close
    else { return [source] }
    let fields = splitFields(String(source[source.index(after: open)..<close]))
    guard fields.count > 1 else { return [source] }
    let head = source[..<open].trimmingCharacters(in: .whitespaces)
    return ["\(head) {"] + fields.map { "  " + $0 } + ["}"]
  }

  /// The fields of a model's body, split at the `;` outside quotes.
  private static func splitFields(_ body: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var inString = false
    var escaped = false
    for character in body {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == ";" {
        fields.append(current)
        current = ""
        continue
      }
      current.append(character)
    }
    fields.append(current)
    return fields.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// A JSON value as read, its strings and numbers kept as written.
  private indirect enum Node {
    case scalar(String)
    case array([Node])
    case object([(key: String, value: Node)])

    /// The value on one line, as lessons write JSON: `{"a": 1, "b": [2, 3]}`.
    var inline: String {
      switch self {
      case .scalar(let text): text
      case .array(let elements): "[" + elements.map(\.inline).joined(separator: ", ") + "]"
      case .object(let members):
        "{" + members.map { "\($0.key): \($0.value.inline)" }.joined(separator: ", ") + "}"
      }
    }
  }

  private static func lines(
    _ node: Node, indent: String, prefix: String, suffix: String, width: Int
  ) -> [String] {
    let line = indent + prefix + node.inline + suffix
    let children: [(prefix: String, value: Node)]
    let brackets: (open: String, close: String)
    switch node {
    case .scalar: return [line]
    case .array(let elements):
      children = elements.map { ("", $0) }
      brackets = ("[", "]")
    case .object(let members):
      children = members.map { ($0.key + ": ", $0.value) }
      brackets = ("{", "}")
    }
    guard line.count > width, !children.isEmpty else { return [line] }
    var result = [indent + prefix + brackets.open]
    for (index, child) in children.enumerated() {
      result += lines(
        child.value, indent: indent + "  ", prefix: child.prefix,
        suffix: index == children.count - 1 ? "" : ",", width: width)
    }
    return result + [indent + brackets.close + suffix]
  }

  /// Reads JSON as lessons write it, keeping strings and numbers as their text.
  private struct Parser {
    let characters: [Character]
    var index = 0

    init(_ characters: [Character]) {
      self.characters = characters
    }

    var atEnd: Bool {
      var copy = self
      copy.skipSpace()
      return copy.index == characters.count
    }

    mutating func skipSpace() {
      while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    mutating func value() -> Node? {
      skipSpace()
      guard index < characters.count else { return nil }
      switch characters[index] {
      case "{": return object()
      case "[": return array()
      case "\"": return string().map(Node.scalar)
      default:
        let start = index
        while index < characters.count, !",]} \n\t".contains(characters[index]) { index += 1 }
        return index > start ? .scalar(String(characters[start..<index])) : nil
      }
    }

    mutating func string() -> String? {
      let start = index
      index += 1
      while index < characters.count {
        switch characters[index] {
        case "\\": index += 2
        case "\"":
          index += 1
          return String(characters[start..<index])
        default: index += 1
        }
      }
      return nil
    }

    mutating func array() -> Node? {
      index += 1
      var elements: [Node] = []
      skipSpace()
      if index < characters.count, characters[index] == "]" {
        index += 1
        return .array([])
      }
      while true {
        guard let element = value() else { return nil }
        elements.append(element)
        skipSpace()
        guard index < characters.count else { return nil }
        index += 1
        if characters[index - 1] == "]" { return .array(elements) }
        guard characters[index - 1] == "," else { return nil }
      }
    }

    mutating func object() -> Node? {
      index += 1
      var members: [(key: String, value: Node)] = []
      skipSpace()
      if index < characters.count, characters[index] == "}" {
        index += 1
        return .object([])
      }
      while true {
        skipSpace()
        guard index < characters.count, characters[index] == "\"", let key = string() else {
          return nil
        }
        skipSpace()
        guard index < characters.count, characters[index] == ":" else { return nil }
        index += 1
        guard let member = value() else { return nil }
        members.append((key, member))
        skipSpace()
        guard index < characters.count else { return nil }
        index += 1
        if characters[index - 1] == "}" { return .object(members) }
        guard characters[index - 1] == "," else { return nil }
      }
    }
  }
}
