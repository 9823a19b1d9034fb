import Foundation
import Testing

@testable import KivaShell

/// A `{` or `[` left open continues the command on the next lines — but a script's
/// block ends after `Shell.maximumContinuationLines`, so one that is never closed
/// cannot swallow the rest of a script, and reading it takes time in proportion to it.
@Suite("Blocks continued over lines")
struct BlockContinuationTests {
  @Test("a block closed lines later is one command, and the next lines run on their own")
  func closedBlock() throws {
    let script = """
      decode Loan {"id": 1, "name": "Ann",
        "use": "seeds", "loan_amount": 50, "sector": "Food", "activity": "Farming",
        "status": "funded", "location": {"country": "Kenya"}}
      count
      """
    let run = try BinaryRun.run(["-"], input: script + "\n")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("name: \"Ann\""))
    #expect(run.output.hasSuffix("20 loans\n"))
  }

  @Test("a block closed, then another opened on the same line, goes on to its end")
  func reopenedBlock() throws {
    var state = try #require(Tokenizer.openBlock(in: "decode {\"a\": [1,"))
    #expect(state.closes(after: "\n2]} ; decode [") == true)
    #expect(Tokenizer.openBlock(in: "decode {\"a\": [1,\n2]} ; decode [") != nil)
    #expect(Tokenizer.openBlock(in: "decode {\"a\": [1,\n2]} ; decode [3]") == nil)
    // A quote inside a string does not close the block; the line break does not either.
    var quoted = try #require(Tokenizer.openBlock(in: #"decode {"a": "}\"x"#))
    #expect(quoted.closes(after: "\n]}") == false)
    #expect(quoted.closes(after: "\n\"}") == true)
  }

  @Test("Ctrl-C at the '...>' prompt drops the whole command, and the shell goes on")
  func interruptedBlock() {
    let sink = CapturingSink()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: sink),
      options: Shell.Options(interactive: true))
    let status = shell.run(
      reader: ArrayLineReader(results: [.line("model Broken {"), .interrupted, .line("count")]))
    #expect(status == 0)
    #expect(sink.error == "")
    #expect(sink.standard == "20 loans\n")
    #expect(!shell.session.models.names.contains("Broken"))
  }

  @Test("a command typed into a block left open is pointed out at once; fields are not")
  func commandIntoOpenBlock() {
    let sink = CapturingSink()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: sink),
      options: Shell.Options(interactive: true))
    _ = shell.run(
      reader: ArrayLineReader([
        "model A { name: String", "count: Int", "codegen A", "}", "decode X [1,", "help",
        "]",
      ]))
    #expect(
      sink.error.hasPrefix(
        "('codegen' went into the open '{': type '}' to close it, or Ctrl-C to drop the "
          + "command)\n"))
    #expect(
      sink.error.contains(
        "('help' went into the open '[': type ']' to close it, or Ctrl-C to drop the command)\n"
      ))
    #expect(!sink.error.contains("'count' went"))
  }

  @Test("a continuation line that is not text fails the command with its own error")
  func rejectedContinuation() {
    let sink = CapturingSink()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: sink),
      options: Shell.Options(sourceName: "demo.kiva"))
    let rejected = ShellError(.nulByte(text: "x\\0", column: 2))
    let status = shell.run(
      reader: ArrayLineReader(results: [
        .line("count"), .line("model Broken {"), .rejected(rejected), .line("count"),
      ]))
    #expect(status == 1)
    #expect(sink.standard == "20 loans\n")
    #expect(
      sink.error == "error: demo.kiva:3: 'x\\0' holds a NUL byte (column 2) — commands are text\n")
  }

  @Test("a block never closed in a script ends after the limit, with one error")
  func neverClosed() throws {
    let filler = Array(repeating: "count", count: Shell.maximumContinuationLines + 5)
    let script = (["count", "model Broken {"] + filler).joined(separator: "\n") + "\n"
    let run = try BinaryRun.run(["-"], input: script)
    #expect(run.status == 1)
    #expect(run.output.hasPrefix("20 loans\n"))
    #expect(run.output == "20 loans\nerror: stdin:2: '{' is never closed — add the matching '}'\n")
  }

  @Test("at a prompt, no caret under an error on a block's later line")
  func noCaretOnLaterLines() {
    let sink = CapturingSink()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: sink),
      options: Shell.Options(interactive: true))
    _ = shell.run(
      reader: ArrayLineReader(results: [.line(#"decode FlatLoan {"a": [1,"#), .line("2}")]))
    #expect(sink.error == "error: '[' is closed by '}' — close it with ']'\n")
  }

  @Test("a signal that ends the read at '...>' stops the script without running the block")
  func signalAtContinuation() {
    let sink = CapturingSink()
    let shell = Shell(session: .withBuiltInData(), output: Output(sink: sink))
    let calls = Locked(0)
    // Nothing before the block is read; by the end of the read, SIGTERM.
    shell.stoppingSignal = {
      calls.withLock { count in
        count += 1
        return count > 1 ? SIGTERM : nil
      }
    }
    let status = shell.run(
      reader: ArrayLineReader(results: [.line("decode FlatLoan {"), .endOfInput]))
    #expect(status == 143)
    #expect(sink.error == "")
  }
}
