/// Turns text into typed commands.
public enum CommandParser {
  /// Parses one command from its words (the first is the command word).
  public static func parse(_ words: [Token]) throws(ShellError) -> any ShellCommand {
    guard let commandWord = words.first else {
      throw ShellError(.unknownCommand("", suggestion: nil))
    }
    guard let command = CommandRegistry.command(named: commandWord.text) else {
      let suggestion = EditDistance.closest(to: commandWord.text, among: CommandRegistry.names)
      throw ShellError(.unknownCommand(commandWord.text, suggestion: suggestion), at: commandWord)
    }
    return try command.init(
      parsing: Arguments(commandWord: commandWord, words: Array(words.dropFirst())))
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
