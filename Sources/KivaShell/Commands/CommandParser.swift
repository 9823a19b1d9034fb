/// Turns text into typed commands.
public enum CommandParser {
  /// Parses one command from its words (the first is the command word).
  public static func parse(_ words: [Token]) throws(ShellError) -> any ShellCommand {
    guard let commandWord = words.first else {
      throw ShellError(.unknownCommand("", suggestion: nil))
    }
    guard let command = CommandRegistry.command(named: commandWord.text) else {
      // Swift pasted into the lab ('struct Loan: Decodable {', 'let x = try …'): say what
      // the lab takes instead, not which kivash command is nearest.
      if swiftKeywords.contains(commandWord.text) {
        throw ShellError(.swiftCode(commandWord.text), at: commandWord)
      }
      let suggestion = EditDistance.closest(to: commandWord.text, among: CommandRegistry.names)
      throw ShellError(.unknownCommand(commandWord.text, suggestion: suggestion), at: commandWord)
    }
    var arguments = Array(words.dropFirst())
    if flagCommands.contains(command.spec.name) { arguments = splittingFlagValues(arguments) }
    return try command.init(parsing: Arguments(commandWord: commandWord, words: arguments))
  }

  /// Words that start Swift code, never a kivash command.
  static let swiftKeywords: Set<String> = [
    "struct", "class", "enum", "protocol", "extension", "import", "let", "var", "func",
    "init", "try", "do", "guard", "print", "return", "@main", "final", "public", "private",
  ]

  /// The commands whose flags take values: `fetch --per-page=3` is `fetch --per-page 3`,
  /// as on the command line.
  static let flagCommands: Set<String> = ["fetch", "decode", "codegen", "infer"]
  /// The flags that take a value, in those commands.
  static let valueFlags: Set<String> = [
    "--page", "--pages", "--per-page", "--timeout", "--dates", "--name",
  ]

  /// `--flag=value` as two words, `--flag` and `value`, for the flags that take a value.
  static func splittingFlagValues(_ words: [Token]) -> [Token] {
    words.flatMap { word -> [Token] in
      guard word.text.hasPrefix("--"), let equals = word.text.firstIndex(of: "="),
        valueFlags.contains(String(word.text[..<equals]))
      else { return [word] }
      let name = String(word.text[..<equals])
      let value = String(word.text[word.text.index(after: equals)...])
      let start = word.range.lowerBound
      let valueStart = min(start + name.count + 1, word.range.upperBound)
      return [
        Token(name, at: start..<(start + name.count)),
        Token(value, at: valueStart..<word.range.upperBound),
      ]
    }
  }

  /// Parses every command of a line.
  public static func parse(line: String) throws(ShellError) -> [any ShellCommand] {
    var commands: [any ShellCommand] = []
    for words in try Tokenizer.commands(in: line) {
      commands.append(try parse(words))
    }
    return commands
  }
}
