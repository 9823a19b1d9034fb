import Foundation
import Testing

/// `kivash --record` at a terminal keeps what a pipe would show, so that `--check` of
/// the transcript (on a pipe) agrees: not the time a fetch took, and the lines of a
/// list that went through the pager.
@Suite(.serialized)
struct RecordAtTerminalTests {
  @Test func aTranscriptRecordedAtATerminalChecksOnAPipe() throws {
    let recording = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-record-\(UUID().uuidString).transcript")
    defer { try? FileManager.default.removeItem(at: recording) }
    let shell = try KivashSession(
      rows: 12, environment: ["PAGER": "sed s/^/paged:/"], arguments: ["--record", recording.path])
    try shell.start()
    shell.terminal.send("fetch\r")
    // The terminal shows how long the fetch took.
    try shell.terminal.expect(" ms\r\n")
    try shell.terminal.expect("> ")
    shell.terminal.send("list all\r")
    try shell.terminal.expect("paged:  20   Ivan")
    try shell.terminal.expect("> ")
    try shell.quit()

    let transcript = try String(contentsOf: recording, encoding: .utf8)
    #expect(!transcript.contains(" ms"), "the transcript:\n\(transcript)")
    #expect(!transcript.contains("paged:"), "the transcript:\n\(transcript)")
    #expect(transcript.contains("\n  20   Ivan"), "the transcript:\n\(transcript)")
    let check = try BinaryRun.run(["--check", recording.path])
    #expect(check.status == 0, "--check said:\n\(check.output)")
  }
}
