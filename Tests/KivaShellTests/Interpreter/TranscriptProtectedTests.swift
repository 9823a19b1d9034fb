import Foundation
import Testing

/// A transcript being recorded or checked is not a file its own commands may write over.
@Suite("the transcript being recorded or checked is protected")
struct TranscriptProtectedTests {
  @Test("export into the transcript being recorded is refused, and the recording is kept")
  func recording() throws {
    let directory = try TemporaryDirectory()
    let run = try BinaryRun.run(
      ["--record", "rt.t", "-k", "-c", "export rt.t; count"], in: directory.url)
    #expect(run.status == 1)
    #expect(
      run.output
        == "error: cannot write 'rt.t': it is the transcript of these commands; choose "
        + "another name — nothing was exported\n20 loans\n")
    let recorded = try String(contentsOf: directory.file("rt.t"), encoding: .utf8)
    #expect(recorded.hasPrefix("# kivash transcript"))
    #expect(recorded.hasSuffix("loans> export rt.t; count\n" + run.output))
  }

  @Test("a transcript that recorded the refused export into itself checks as recorded")
  func recordedThenChecked() throws {
    let directory = try TemporaryDirectory()
    let recording = try BinaryRun.run(
      ["--record", "rt.t", "-k", "-c", "export rt.t; count"], in: directory.url)
    #expect(recording.status == 1)
    let recorded = try String(contentsOf: directory.file("rt.t"), encoding: .utf8)
    let check = try BinaryRun.run(["--check", "rt.t"], in: directory.url)
    #expect(check.output == "rt.t: 1 command, output as recorded\n")
    #expect(check.status == 0)
    #expect(try String(contentsOf: directory.file("rt.t"), encoding: .utf8) == recorded)
  }

  @Test("a checked transcript that exports into itself fails, and the file stays as it was")
  func checking() throws {
    let directory = try TemporaryDirectory()
    let text = """
      # kivash transcript: check with 'kivash --check FILE'
      # source: -c
      # width: 100
      loans> export self.t
      exported 20 loans to 'self.t' (JSON)

      """
    try text.write(to: directory.file("self.t"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(["--check", "self.t"], in: directory.url)
    #expect(run.status == 1)
    #expect(
      run.output.contains(
        "+error: cannot write 'self.t': it is the transcript of these commands; choose "
          + "another name — nothing was exported\n"))
    #expect(try String(contentsOf: directory.file("self.t"), encoding: .utf8) == text)
  }
}
