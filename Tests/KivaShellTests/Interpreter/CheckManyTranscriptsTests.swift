import Foundation
import Testing

/// `kivash --check A B …` (or `--check A --check B`): every transcript is checked, none
/// is skipped, and the exit status is the worst of theirs.
@Suite("checking several transcripts in one run")
struct CheckManyTranscriptsTests {
  /// A folder with `good.t`, recorded from `count`, and `bad.t`, whose recorded count was
  /// edited so that it no longer replays.
  private func transcripts() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    for name in ["good.t", "bad.t"] {
      let record = try BinaryRun.run(["--record", name, "-c", "count"], in: directory.url)
      #expect(record.status == 0)
    }
    let bad = directory.file("bad.t")
    try String(contentsOf: bad, encoding: .utf8)
      .replacingOccurrences(of: "\n20 loans\n", with: "\n21 loans\n")
      .write(to: bad, atomically: true, encoding: .utf8)
    return directory
  }

  @Test("all as recorded: one line each, then the count, status 0")
  func allPass() throws {
    let directory = try transcripts()
    let run = try BinaryRun.run(["--check", "good.t", "good.t"], in: directory.url)
    #expect(run.status == 0)
    #expect(
      run.output
        == "good.t: 1 command, output as recorded\ngood.t: 1 command, output as recorded\n"
        + "2 transcripts, all as recorded\n")
  }

  @Test("a failing transcript before a passing one still fails the run, and is named")
  func failureIsNotHidden() throws {
    let directory = try transcripts()
    let expected = """
      --- bad.t (recorded)
      +++ bad.t (replayed)
      @@ -5,2 +5,2 @@
       loans> count
      -21 loans
      +20 loans
      error: 'bad.t': the output differs from the recording (see the diff above)
      good.t: 1 command, output as recorded
      error: 1 of 2 transcripts failed: 'bad.t' (1 as recorded)

      """
    for arguments in [["--check", "bad.t", "--check", "good.t"], ["--check", "bad.t", "good.t"]] {
      let run = try BinaryRun.run(arguments, in: directory.url)
      #expect(run.status == 1)
      #expect(run.output == expected)
    }
  }

  @Test("a file that is not a transcript makes the status 2, and the others are still checked")
  func worstStatus() throws {
    let directory = try transcripts()
    try "count\n".write(to: directory.file("plain.kiva"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(["--check", "plain.kiva", "bad.t", "good.t"], in: directory.url)
    #expect(run.status == 2)
    #expect(
      run.output.hasSuffix(
        "error: 2 of 3 transcripts failed: 'plain.kiva', 'bad.t' (1 as recorded)\n"))
    #expect(run.output.contains("good.t: 1 command, output as recorded\n"))
  }

  @Test("--update rewrites every one")
  func updateAll() throws {
    let directory = try transcripts()
    let run = try BinaryRun.run(["--check", "good.t", "bad.t", "--update"], in: directory.url)
    #expect(run.status == 0)
    #expect(
      run.output
        == "good.t: unchanged (1 command)\nbad.t: updated (1 command)\n2 transcripts, all updated\n"
    )
    let check = try BinaryRun.run(["--check", "bad.t"], in: directory.url)
    #expect(check.status == 0)
  }
}
