import CFuzzDriver
import Foundation
import KivaShell

/// libFuzzer's entry point: one input is a script, read as `kivash FILE` reads one.
///
/// Each line (with the lines that continue an open `{…}` or `[…]` block) is tokenized —
/// whole, and as far as TAB sees it — parsed and completed. Unless a line would read a
/// file or the network (`fetch FILE|URL`, `source`, `@FILE`, `~`), the script is then run,
/// with `--keep-going` (and `--echo` for every other input), by a fresh shell over the
/// built-in data with nothing saved, so that errors are rendered with their excerpts too.
/// Findings: a trap, a sanitizer report, a token whose range lies outside its line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let script = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let session = CommandFuzzing.session
  var runnable = true
  for line in logicalLines(of: script) {
    guard check(line) else {
      runnable = false
      continue
    }
    _ = Completer.edit(
      for: CompletionRequest(textBeforeCursor: line, isRepeated: size % 2 == 0), in: session)
  }
  guard runnable else { return 0 }
  let options = Shell.Options(echo: size % 2 == 1, keepGoing: true)
  let shell = Shell(session: session, output: Output(sink: CapturingSink()), options: options)
  _ = shell.run(reader: ArrayLineReader(scriptData: Data(script.utf8)))
  return 0
}

/// The lines of `script` as the shell runs them: a line that leaves a block open goes on
/// with the next.
private func logicalLines(of script: String) -> [String] {
  let reader = ArrayLineReader(scriptData: Data(script.utf8))
  var lines: [String] = []
  while case .line(var line) = reader.readLine(prompt: "") {
    while Tokenizer.needsContinuation(line), case .line(let next) = reader.readLine(prompt: "") {
      line += "\n" + next
    }
    lines.append(line)
  }
  return lines
}

/// Tokenizes and parses `line` as the shell and TAB do, trapping on a token outside the
/// line; returns whether running it touches nothing outside the process.
private func check(_ line: String) -> Bool {
  let length = line.count
  let partial = Tokenizer.partial(line)
  for token in partial.words + [partial.current] {
    check(token, within: length)
  }
  guard let commands = try? Tokenizer.commands(in: line) else { return true }
  for words in commands {
    for token in words { check(token, within: length) }
    _ = try? CommandParser.parse(words)
  }
  return commands.allSatisfy(isSelfContained)
}

/// Traps unless `token` lies within a line of `length` characters.
private func check(_ token: Token, within length: Int) {
  if token.range.lowerBound < 0 || token.range.upperBound > length {
    kivash_fuzz_fail("token \(token) outside a line of \(length) characters")
  }
}

/// Whether running `words` touches nothing outside the process: no file (`export` writes
/// one), no network.
private func isSelfContained(_ words: [Token]) -> Bool {
  guard let first = words.first else { return true }
  if words.contains(where: { $0.text.hasPrefix("@") || $0.text.hasPrefix("~") }) {
    return false
  }
  switch CommandRegistry.command(named: first.text) {
  case is FetchCommand.Type: return words.count == 1
  case is SourceCommand.Type, is ExportCommand.Type: return false
  default: return true
  }
}

/// The session every input starts from, made once.
private enum CommandFuzzing {
  static let session = Session.withBuiltInData()
}
