/// `--echo`: the commands shown before their output.
extension Shell {
  /// Prints the prompt and `line` with `--echo`; else hands them to `unechoedLine`.
  func echo(_ line: String) {
    if options.echo {
      output.echo(line)
    } else {
      unechoedLine?(line)
    }
  }

  /// Whether `--echo` shows the commands of a one-line `line` one by one, each with the
  /// prompt it runs at, so that each output follows its command (`count; list`).
  func echoesEachCommand(of line: String, continued: Bool) -> Bool {
    guard options.echo, options.echoesEachCommand, !continued,
      let commands = try? Tokenizer.commands(in: line)
    else {
      return false
    }
    return commands.count > 1
  }

  /// The text of the command `words` in `line`, as typed (quotes and all).
  static func text(of words: [Token], in line: String) -> String {
    guard let first = words.first, let last = words.last else { return "" }
    let characters = Array(line)
    let start = max(0, first.range.lowerBound)
    let end = min(characters.count, last.range.upperBound)
    return start < end ? String(characters[start..<end]) : ""
  }
}
