/// Splits a line into commands and words the way a shell does: whitespace separates
/// words, quotes and backslashes keep them together, `;` separates commands and `#`
/// starts a comment (inside a `{…}` or `[…]` block too, outside its strings).
///
/// One departure from a POSIX shell: an apostrophe between two letters, outside quotes,
/// is the letter it looks like (`search lin's`, `category add Kid's`), since names in
/// the data have them; `'…'` around words quotes as usual.
public struct Tokenizer {
  /// The words of a line so far, including an unfinished last word (for completion).
  public struct Partial: Equatable, Sendable {
    /// The finished words of the last command on the line.
    public var words: [Token]
    /// The word under the cursor, unquoted so far ("" when the cursor follows a space).
    public var current: Token
    /// The quote left open in the current word, if any.
    public var openQuote: Character?
    /// Whether the line ends in a `#` comment: what follows the `#` is no word.
    public var endsInComment = false
  }

  private let characters: [Character]
  private var index = 0
  private var commands: [[Token]] = []
  private var words: [Token] = []
  private var word = ""
  private var wordStart: Int?
  /// Whether the current word has a quoted or escaped part.
  private var wordIsQuoted = false
  private var openQuote: Character?
  private var quoteStart = 0
  /// Whether reading stopped at a `#` comment.
  private var reachedComment = false
  private var openBlock: Character?
  private var blockStart = 0
  /// Where a backslash that ends a line stands (escaping nothing: kivash joins no lines).
  private var lineEndingBackslash: Int?
  /// Where the innermost bracket of the open block stands.
  private var openBlockAt = 0
  /// The first bracket closed by the other kind, and where the closer stands.
  private var mismatch: (opener: Character, closer: Character, at: Int)?
  /// Where an open block stands at the end of the line.
  private var blockState = BlockState()

  /// How far into an open `{…}` or `[…]` block a line has gone, so that the lines that
  /// continue it can be read one at a time without reading the whole block again.
  public struct BlockState: Sendable {
    /// The brackets open, innermost last, each with how many characters of the block
    /// came before it.
    var openers: [(bracket: Character, offset: Int)] = []

    /// The innermost bracket still open (`{` when none is known).
    public var openBracket: Character { openers.last?.bracket ?? "{" }
    var inString = false
    var escaped = false
    /// Inside a `#` comment, which the end of the line ends.
    var inComment = false
    /// Characters of the block read so far.
    var count = 0
    /// A bracket closed by the other kind (`[` by `}`): it ends the block, in error.
    var mismatch: (opener: Character, closer: Character, offset: Int)?

    /// Reads `text`, which continues the block; returns whether the block closes in it.
    public mutating func closes(after text: String) -> Bool {
      for character in text where read(character) { return true }
      return false
    }

    /// Reads one character of the block: strings (with escapes) and nesting; returns
    /// whether it closes the block.
    mutating func read(_ character: Character) -> Bool {
      defer { count += 1 }
      if inComment {
        inComment = !character.isNewline
      } else if escaped {
        escaped = false
      } else if inString {
        if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "#" {
        inComment = true
      } else if character == "{" || character == "[" {
        openers.append((character, count))
      } else if character == "}" || character == "]" {
        guard let opener = openers.popLast() else { return true }
        if (opener.bracket == "{") != (character == "}") {
          mismatch = (opener.bracket, character, count)
          return true
        }
        return openers.isEmpty
      }
      return false
    }
  }

  private init(_ line: String) {
    characters = Array(line)
  }

  /// Splits `line` into commands, each a list of words; empty commands are dropped.
  public static func commands(in line: String) throws(ShellError) -> [[Token]] {
    var tokenizer = Tokenizer(line)
    tokenizer.run()
    if let quote = tokenizer.openQuote {
      throw ShellError(
        .unterminatedQuote(
          quote, text: String(tokenizer.characters[tokenizer.quoteStart...])),
        at: tokenizer.quoteStart..<(tokenizer.quoteStart + 1))
    }
    if let mismatch = tokenizer.mismatch {
      throw ShellError(
        .mismatchedBracket(open: mismatch.opener, close: mismatch.closer),
        at: mismatch.at..<(mismatch.at + 1))
    }
    if let bracket = tokenizer.openBlock {
      // Swift pasted at the prompt ('struct Loan: Decodable {'): said as such.
      if let first = tokenizer.words.first, CommandParser.swiftKeywords.contains(first.text) {
        throw ShellError(.swiftCode(first.text), at: first)
      }
      throw ShellError(
        .unterminatedBlock(bracket), at: tokenizer.openBlockAt..<(tokenizer.openBlockAt + 1))
    }
    if let backslash = tokenizer.lineEndingBackslash {
      throw ShellError(.backslashEndsLine, at: backslash..<(backslash + 1))
    }
    tokenizer.endWord()
    tokenizer.endCommand()
    return tokenizer.commands
  }

  /// Whether `line` ends inside a `{…}` or `[…]` block: the next lines continue it
  /// (JSON pasted over several lines).
  public static func needsContinuation(_ line: String) -> Bool {
    openBlock(in: line) != nil
  }

  /// Where the `{…}` or `[…]` block `line` leaves open stands, or nil when none is open.
  public static func openBlock(in line: String) -> BlockState? {
    var tokenizer = Tokenizer(line)
    tokenizer.run()
    guard tokenizer.openBlock != nil, tokenizer.openQuote == nil else { return nil }
    // Only a command that takes a block goes on over the next lines: in 'search {kenya'
    // the brace is a typo, and the next line is a command of its own.
    guard let word = tokenizer.words.first?.text,
      CommandRegistry.command(named: word)?.spec.takesBlock == true
    else { return nil }
    return tokenizer.blockState
  }

  /// The last command of `line` as far as it goes, never failing: what TAB completes.
  public static func partial(_ line: String) -> Partial {
    var tokenizer = Tokenizer(line)
    tokenizer.run()
    let current = Token(
      tokenizer.word, at: (tokenizer.wordStart ?? line.count)..<line.count,
      isQuoted: tokenizer.wordIsQuoted)
    return Partial(
      words: tokenizer.words, current: current, openQuote: tokenizer.openQuote,
      endsInComment: tokenizer.reachedComment)
  }

  private mutating func run() {
    while index < characters.count {
      let character = characters[index]
      if let quote = openQuote {
        readQuoted(character, quote: quote)
      } else if character.isWhitespace {
        endWord()
      } else if character == ";" {
        endWord()
        endCommand()
      } else if character == "#" && wordStart == nil {
        reachedComment = true
        return
      } else if (character == "{" || character == "[") && wordStart == nil {
        readBlock()
        continue
      } else if character == "'" && isApostrophe(at: index) {
        word.append(character)
      } else if character == "'" || character == "\"" {
        startWord()
        wordIsQuoted = true
        openQuote = character
        quoteStart = index
      } else if character == "\\" {
        startWord()
        wordIsQuoted = true
        if index + 1 == characters.count || characters[index + 1] == "\n" {
          if lineEndingBackslash == nil { lineEndingBackslash = index }
        } else if index + 1 < characters.count {
          index += 1
          word.append(characters[index])
        }
      } else {
        startWord()
        word.append(character)
      }
      index += 1
    }
  }

  /// Whether the `'` at `position` stands between two letters, in a word (`lin's`).
  private func isApostrophe(at position: Int) -> Bool {
    wordStart != nil && position > 0 && position + 1 < characters.count
      && characters[position - 1].isLetter && characters[position + 1].isLetter
  }

  /// Reads a `{…}` or `[…]` block (JSON, a model body) as one raw word, to its matching
  /// bracket, spaces, quotes, `;` and line breaks included; strings inside are skipped
  /// whole so that brackets in them do not count. A `#` comment becomes spaces, so that
  /// what reads the block sees none, and the offsets of what follows stay the same.
  private mutating func readBlock() {
    startWord()
    blockStart = index
    var state = BlockState()
    while index < characters.count {
      let character = characters[index]
      index += 1
      let closes = state.read(character)
      word.append(state.inComment ? " " : character)
      if closes {
        if let mismatch = state.mismatch, self.mismatch == nil {
          self.mismatch = (mismatch.opener, mismatch.closer, blockStart + mismatch.offset)
        }
        return
      }
    }
    // The innermost bracket is the one never closed.
    let innermost = state.openers.last
    openBlock = innermost?.bracket ?? characters[blockStart]
    openBlockAt = blockStart + (innermost?.offset ?? 0)
    blockState = state
  }

  private mutating func readQuoted(_ character: Character, quote: Character) {
    if character == quote {
      openQuote = nil
    } else if quote == "\"" && character == "\\" && index + 1 < characters.count
      && ["\"", "\\"].contains(characters[index + 1])
    {
      index += 1
      word.append(characters[index])
    } else {
      word.append(character)
    }
  }

  private mutating func startWord() {
    if wordStart == nil { wordStart = index }
  }

  private mutating func endWord() {
    guard let start = wordStart else { return }
    words.append(Token(word, at: start..<index, isQuoted: wordIsQuoted))
    word = ""
    wordStart = nil
    wordIsQuoted = false
  }

  private mutating func endCommand() {
    if !words.isEmpty { commands.append(words) }
    words = []
  }
}
