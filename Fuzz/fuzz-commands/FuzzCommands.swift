import CFuzzDriver
import KivaShell

/// libFuzzer's entry point: one input is one line typed at the prompt.
///
/// The line is tokenized (commands, continuation, the partial word TAB completes),
/// parsed into commands, completed, and run by a fresh shell over the built-in data with
/// nothing saved. Lines that would read files or the network (`fetch FILE|URL`,
/// `source`, `@FILE`) are parsed but not run. Any trap or sanitizer report is a finding;
/// so is a token whose range lies outside the line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let length = line.count
  _ = Tokenizer.needsContinuation(line)
  let partial = Tokenizer.partial(line)
  for token in partial.words + [partial.current] {
    check(token, within: length)
  }
  let commands: [[Token]]
  do {
    commands = try Tokenizer.commands(in: line)
  } catch {
    return 0
  }
  for words in commands {
    for token in words { check(token, within: length) }
    _ = try? CommandParser.parse(words)
  }
  guard commands.allSatisfy(isSelfContained) else { return 0 }
  let session = CommandFuzzing.session
  _ = Completer.edit(
    for: CompletionRequest(textBeforeCursor: line, isRepeated: size % 2 == 0), in: session)
  let shell = Shell(session: session, output: Output(sink: CapturingSink()))
  try? shell.execute(line: line)
  return 0
}

/// Traps unless `token` lies within a line of `length` characters.
private func check(_ token: Token, within length: Int) {
  if token.range.lowerBound < 0 || token.range.upperBound > length {
    kivash_fuzz_fail("token \(token) outside a line of \(length) characters")
  }
}

/// Whether running `words` touches nothing outside the process: no file, no network.
private func isSelfContained(_ words: [Token]) -> Bool {
  guard let first = words.first else { return true }
  if words.contains(where: { $0.text.hasPrefix("@") || $0.text.hasPrefix("~") }) {
    return false
  }
  switch CommandRegistry.command(named: first.text) {
  case is FetchCommand.Type: return words.count == 1
  case is SourceCommand.Type: return false
  default: return true
  }
}

/// The session every input starts from, made once.
private enum CommandFuzzing {
  static let session = Session.withBuiltInData()
}
