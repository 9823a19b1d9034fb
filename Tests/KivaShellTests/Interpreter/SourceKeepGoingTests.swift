import Foundation
import Testing

/// `--keep-going` goes past failed lines in a sourced script too, naming each, and the
/// run still exits 1; without it, a sourced script stops at its first failure.
@Suite("--keep-going inside a sourced script")
struct SourceKeepGoingTests {
  /// `outer.kiva` sources `inner.kiva`, and each has a line that fails.
  private func scripts() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try "count\nbad1\nsearch kenya\n".write(
      to: directory.file("inner.kiva"), atomically: true, encoding: .utf8)
    try "source inner.kiva\nbad2\nfilter max 500\n".write(
      to: directory.file("outer.kiva"), atomically: true, encoding: .utf8)
    return directory
  }

  @Test("every line of both scripts runs; each failure is named, then the source's")
  func goesOn() throws {
    let directory = try scripts()
    let run = try BinaryRun.run(["--no-persist", "-k", "outer.kiva"], in: directory.url)
    #expect(run.status == 1)
    let lines = run.output.split(separator: "\n")
    #expect(
      lines.filter { $0.hasPrefix("error: ") } == [
        "error: outer.kiva:1: inner.kiva:2: unknown command 'bad1' — type 'help' for a list",
        "error: outer.kiva:1: 1 line of 'inner.kiva' failed (reported above)",
        "error: outer.kiva:2: unknown command 'bad2' — type 'help' for a list",
      ])
    #expect(lines.first == "20 loans")
    #expect(lines.last == "showing 4 of 20 loans below $500, matching \"kenya\"")
  }

  @Test("what the sourced script did after its failure stays: the search and the filter apply")
  func stateAfter() throws {
    let directory = try scripts()
    let run = try BinaryRun.run(
      ["--no-persist", "-k", "-c", "source inner.kiva; count"], in: directory.url)
    #expect(run.status == 1)
    #expect(run.output.contains("  4   Mwaniki  Kenya "))
    #expect(
      run.output.hasSuffix("error: 1 line of 'inner.kiva' failed (reported above)\n4 loans\n"))
  }

  @Test("a sourced script that fails a line and then quits still fails the run, once")
  func failsThenQuits() throws {
    let directory = try TemporaryDirectory()
    try "count\nbad1\nquit\ncount\n".write(
      to: directory.file("inner.kiva"), atomically: true, encoding: .utf8)
    try "source inner.kiva\ncount\n".write(
      to: directory.file("outer.kiva"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(["--no-persist", "-k", "outer.kiva"], in: directory.url)
    #expect(run.status == 1)
    #expect(
      run.output
        == "20 loans\n"
        + "error: outer.kiva:1: inner.kiva:2: unknown command 'bad1' — type 'help' for a list\n"
        + "error: outer.kiva:1: 1 line of 'inner.kiva' failed (reported above)\n")
  }

  @Test("a failure two scripts deep before a quit fails the run too")
  func failsThenQuitsNested() throws {
    let directory = try TemporaryDirectory()
    try "bad1\nquit\n".write(
      to: directory.file("inner.kiva"), atomically: true, encoding: .utf8)
    try "source inner.kiva\n".write(
      to: directory.file("middle.kiva"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(
      ["--no-persist", "-k", "-c", "source middle.kiva; count"], in: directory.url)
    #expect(run.status == 1)
    #expect(
      run.output
        == "error: inner.kiva:1: unknown command 'bad1' — type 'help' for a list\n"
        + "error: 1 line of 'middle.kiva' failed (reported above)\n")
  }

  @Test("without --keep-going the sourced script stops at its first failure")
  func stops() throws {
    let directory = try scripts()
    let run = try BinaryRun.run(["--no-persist", "outer.kiva"], in: directory.url)
    #expect(run.status == 1)
    #expect(
      run.output
        == "20 loans\n"
        + "error: outer.kiva:1: inner.kiva:2: unknown command 'bad1' — type 'help' for a list\n")
  }
}
