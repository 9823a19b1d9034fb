/// Commands that go on over several lines: a `{…}` or `[…]` block left open.
extension Shell {
  /// The prompt of the lines that continue an open `{…}` or `[…]` block.
  public static let continuationPrompt = "...> "

  /// `first` and, while it leaves a `{…}` or `[…]` block open, the lines that follow:
  /// JSON pasted over several lines is one command.
  ///
  /// Each line is read once (a block seen closing sends the whole text back to the
  /// tokenizer, for what follows it). A script's block ends after
  /// `maximumContinuationLines` lines: a `{` never closed must not swallow the rest of a
  /// script.
  ///
  /// `atPrompt`: the lines are typed (Ctrl-D at `...>` drops the command); else they are a
  /// script's, and an open block at its end is the command's error.
  func continued(
    _ first: String, reader: LineReader, lineNumber: inout Int, atPrompt: Bool? = nil
  ) -> Continued {
    let atPrompt = atPrompt ?? options.interactive
    var line = first
    guard var block = Tokenizer.openBlock(in: line) else { return .complete(line, echoed: []) }
    var echoed: [String] = []
    var continuations = 0

    while atPrompt || continuations < Self.maximumContinuationLines {
      let next: String
      readsContinuation = true
      let read = reader.readLine(prompt: Self.continuationPrompt)
      readsContinuation = false
      switch read {
      case .line(let text):
        next = text
      case .interrupted:
        return .cancelled
      case .rejected(let error):
        lineNumber += 1
        return .rejected(error, echoed: echoed)
      case .endOfInput:
        // A signal that stops a script ends the read too: the command is not whole; at
        // the prompt, Ctrl-D at `...>` drops it, as Ctrl-C does.
        if stoppingSignal() != nil || atPrompt { return .cancelled }
        return .complete(line, echoed: echoed)
      }
      lineNumber += 1
      continuations += 1
      // A command typed into a block left open by mistake ('model A { name: String', then
      // 'codegen A'): said at once, rather than when the block fails to parse.
      if atPrompt, let word = Self.commandWord(in: next) {
        output.diagnostic(
          "('\(word)' went into the open '\(block.openBracket)': type '\(Self.closer(of: block))' "
            + "to close it, or Ctrl-C to drop the command)", recorded: false)
      }
      echoed.append(Self.continuationPrompt + next)
      line += "\n" + next
      if block.closes(after: "\n" + next) {
        guard let reopened = Tokenizer.openBlock(in: line) else { break }
        block = reopened
      }
    }
    return .complete(line, echoed: echoed)
  }

  /// The command word a continuation line starts with (`codegen A`, `help`), which no JSON
  /// or model line does (their words are quoted, or end in ':'); nil otherwise.
  static func commandWord(in line: String) -> String? {
    let words = line.split(whereSeparator: \.isWhitespace)
    guard let first = words.first.map(String.init), CommandRegistry.command(named: first) != nil,
      words.count == 1 || !words[1].hasPrefix(":")
    else { return nil }
    return first
  }

  /// The bracket that closes the innermost one `block` holds open.
  static func closer(of block: Tokenizer.BlockState) -> Character {
    block.openBracket == "[" ? "]" : "}"
  }

  /// What the lines of a command came to. `echoed` are the continuation lines with their
  /// prompt, to echo (or record) once it is known that the command stands.
  enum Continued {
    /// The command's text, its block closed or left open at the end of input.
    case complete(String, echoed: [String])
    /// Ctrl-C at a continuation prompt: the command is dropped, and not recorded.
    case cancelled
    /// A continuation line that is not text: the command fails with `error`.
    case rejected(ShellError, echoed: [String])
  }

  /// The line of a script an error in `text` (a command that began on `startLine` and may
  /// go on over several lines) stands on: `startLine` plus the line breaks before the
  /// error's place, so that a mistake in a block's third line is said at that line.
  static func line(of error: ShellError, in text: String, startLine: Int) -> Int {
    line(at: error.span?.lowerBound ?? 0, in: text, startLine: startLine)
  }

  /// The line of a script the character at `offset` of `text` (a command that began on
  /// `startLine`) stands on.
  static func line(at offset: Int, in text: String, startLine: Int) -> Int {
    guard offset > 0 else { return startLine }
    return startLine + text.prefix(offset).count(where: \.isNewline)
  }

  /// The most lines that continue a block in a script (JSON longer than that belongs in
  /// a file: `decode @FILE`).
  public static let maximumContinuationLines = 10_000
}
