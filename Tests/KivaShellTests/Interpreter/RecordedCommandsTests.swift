import Testing

@testable import KivaShell

/// What `--record` keeps at the prompt is what `--check` can replay: commands dropped by
/// Ctrl-C, and lines that were not text, leave nothing behind.
@Suite("Recording at the prompt")
struct RecordedCommandsTests {
  /// Runs `results` at an interactive prompt, recording; returns the recorder's lines
  /// and what reached the terminal's standard error.
  private func record(_ results: [LineReadResult]) -> (lines: [String], error: String) {
    let terminal = CapturingSink()
    let recorder = TranscriptRecorder(passingTo: terminal)
    let output = Output(sink: recorder)
    output.recorder = recorder
    let shell = Shell(
      session: .withBuiltInData(), output: output, options: Shell.Options(interactive: true))
    shell.unechoedLine = recorder.recordCommand
    recorder.start()
    _ = shell.run(reader: ArrayLineReader(results: results))
    return (recorder.lines, terminal.error)
  }

  @Test("a block dropped by Ctrl-C at '...>' is not recorded")
  func cancelledBlock() {
    let run = record([
      .line("model Broken {"), .line("  name: String"), .interrupted, .line("count"),
    ])
    #expect(run.lines == ["loans> count", "20 loans"])
  }

  @Test("a finished block is recorded line by line, as typed")
  func finishedBlock() {
    let run = record([.line("model Pet {"), .line("  name: String"), .line("}")])
    #expect(run.lines.prefix(3) == ["loans> model Pet {", "...>   name: String", "...> }"])
  }

  @Test("a typed line that was not text shows its error, and leaves nothing to replay")
  func rejectedLine() {
    let error = ShellError(.notUTF8Typed(text: "count\\xE9", column: 6, byte: 0xE9))
    let run = record([.rejected(error), .line("count")])
    #expect(run.lines == ["loans> count", "20 loans"])
    #expect(run.error == "error: \(error.message)\n")
  }
}
