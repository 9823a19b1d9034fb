import Foundation
import Testing

/// Whole-shell tests: each `Transcripts/NAME.kiva` script runs through the built
/// binary with `--echo`, and its output (stdout and stderr merged, then the exit
/// status) must equal `NAME.expected`. A first line `# args: …` adds arguments.
/// Re-record with `KIVASH_RECORD=1 scripts/test`, then review the diff.
@Suite("Transcripts")
struct TranscriptTests {
  static let names: [String] = {
    let files =
      (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.transcripts.path)) ?? []
    return files.filter { $0.hasSuffix(".kiva") }.map { String($0.dropLast(".kiva".count)) }
      .sorted()
  }()

  @Test("there are transcripts to run")
  func transcriptsExist() {
    #expect(Self.names.count >= 8)
  }

  @Test("transcript", arguments: names)
  func transcript(_ name: String) throws {
    let script = TestPaths.transcripts.appendingPathComponent("\(name).kiva")
    let expectedURL = TestPaths.transcripts.appendingPathComponent("\(name).expected")
    let text = try String(contentsOf: script, encoding: .utf8)
    var arguments = ["--echo"]
    if let first = text.split(separator: "\n").first, first.hasPrefix("# args:") {
      arguments += first.dropFirst("# args:".count).split(separator: " ").map(String.init)
    }
    let run = try BinaryRun.run(arguments + ["\(name).kiva"], in: TestPaths.transcripts)
    let actual = run.output + "[exit \(run.status)]\n"

    if ProcessInfo.processInfo.environment["KIVASH_RECORD"] == "1" {
      try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: expectedURL, encoding: .utf8)
    #expect(
      actual == expected, "\(name).kiva differs:\n\(LineDiff(expected: expected, actual: actual))")
  }
}
