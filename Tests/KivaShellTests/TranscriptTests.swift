import Foundation
import Testing

/// Whole-shell tests: each `Transcripts/NAME.transcript` is a recorded session that
/// `kivash --check` replays through the built binary; the output must be as recorded.
/// Re-record with `KIVASH_RECORD=1 scripts/test` (`kivash --check FILE --update`), then
/// review the diff.
@Suite("Transcripts")
struct TranscriptTests {
  static let names: [String] = {
    let files =
      (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.transcripts.path)) ?? []
    return files.filter { $0.hasSuffix(".transcript") }.sorted()
  }()

  @Test("there are transcripts to run")
  func transcriptsExist() {
    #expect(Self.names.count >= 20)
  }

  @Test("transcript", arguments: names)
  func transcript(_ name: String) throws {
    let update = ProcessInfo.processInfo.environment["KIVASH_RECORD"] == "1"
    let run = try BinaryRun.run(
      ["--check", name] + (update ? ["--update"] : []), in: TestPaths.transcripts)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.hasSuffix(update ? ")\n" : ", output as recorded\n"), "\(run.output)")
  }
}
