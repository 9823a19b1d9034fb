import Foundation
import Testing

/// Scripts written on Windows (CRLF line ends) run as they would with LF, whether run,
/// piped or sourced; `-c` takes lines too.
@Suite("Lines of scripts and -c")
struct LineEndingTests {
  @Test("a CRLF script, and one it sources, run line by line")
  func crlfScript() throws {
    let directory = try TemporaryDirectory()
    let folder = directory.url
    try Data("count\r\nuse landmarks\r\n".utf8).write(to: folder.appendingPathComponent("a.kiva"))
    try Data("source a.kiva\r\ncount\r\n".utf8).write(to: folder.appendingPathComponent("b.kiva"))
    let run = try BinaryRun.run(["--no-persist", "b.kiva"], in: folder)
    #expect(run.status == 0)
    #expect(run.output == "20 loans\nusing landmarks: showing all 12 landmarks\n12 landmarks\n")
    let piped = try BinaryRun.run(["--no-persist"], input: "count\r\nuse landmarks\r\n")
    #expect(piped.output == "20 loans\nusing landmarks: showing all 12 landmarks\n")
  }

  @Test("-c takes lines, as sh -c does: a comment ends at its line, a search too")
  func commandsOverLines() throws {
    let run = try BinaryRun.run(
      ["--no-persist", "-c", "search kenya # the four\r\ncount\nuse landmarks; count"])
    #expect(run.status == 0)
    #expect(
      run.output.hasSuffix("4 loans\nusing landmarks: showing all 12 landmarks\n12 landmarks\n"))
  }

  @Test("errors of a -c over several lines name the line; of one line, as before")
  func commandLineNumbers() throws {
    let lines = try BinaryRun.run(["--no-persist", "-c", "count\nfilter mx 1\ncount"])
    #expect(lines.status == 1)
    #expect(lines.output == "20 loans\nerror: -c:2: 'filter' has no 'mx' — did you mean 'max'?\n")
    let one = try BinaryRun.run(["--no-persist", "-c", "filter mx 1"])
    #expect(one.output == "error: 'filter' has no 'mx' — did you mean 'max'?\n")
  }
}
