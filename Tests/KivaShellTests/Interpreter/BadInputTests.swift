import Foundation
import Testing

/// The bad-input catalogue where bytes matter: each case through the real binary, with
/// its exact one-line error, the exit status, and the state afterwards (a `count` or
/// `favs` that still runs and shows nothing changed). Line-based cases are in the
/// `bad-input` transcript.
@Suite("bad input through the binary")
struct BadInputTests {
  /// A script whose line 2 is `bytes`, between a favourite marked and a count.
  private static func script(around bytes: [UInt8]) -> Data {
    Data(Array("fav 1\n".utf8) + bytes + Array("\ncount\n".utf8))
  }

  @Test("a script line that is not UTF-8 fails alone, shown with its bytes")
  func invalidUTF8InScript() throws {
    let folder = try TemporaryDirectory()
    try Self.script(around: Array("search caf".utf8) + [0xE9]).write(to: folder.file("bad.kiva"))
    let error =
      "error: bad.kiva:2: 'search caf\\xE9' is not UTF-8 text (byte 0xE9 at column 11) "
      + "— save it as UTF-8\n"
    let stopped = try BinaryRun.run(["bad.kiva"], in: folder.url)
    #expect(stopped.output == "★ Pheap's Group (Cambodia, $800) is now a favourite\n" + error)
    #expect(stopped.status == 1)
    let goesOn = try BinaryRun.run(["--keep-going", "bad.kiva"], in: folder.url)
    #expect(
      goesOn.output == "★ Pheap's Group (Cambodia, $800) is now a favourite\n" + error
        + "20 loans\n")
    #expect(goesOn.status == 1)
  }

  @Test("piped lines that are not text fail alone: not UTF-8, or a NUL byte")
  func invalidLinesOnStandardInput() throws {
    let folder = try TemporaryDirectory()
    let input = Self.script(around: [0xFF, 0x66]) + Data("list\0 5\ncount\n".utf8)
    try input.write(to: folder.file("input"))
    let run = try BinaryRun.shell(#""$0" --keep-going < input"#, in: folder.url)
    #expect(
      run.output == """
        ★ Pheap's Group (Cambodia, $800) is now a favourite
        error: stdin:2: '\\xFFf' is not UTF-8 text (byte 0xFF at column 1) — save it as UTF-8
        20 loans
        error: stdin:4: 'list\\0 5' holds a NUL byte (column 5) — commands are text
        20 loans

        """)
    #expect(run.status == 1)
  }

  @Test("a line with a control character fails alone, shown escaped: a tab is fine")
  func controlCharacters() throws {
    let folder = try TemporaryDirectory()
    let input = "search \u{1B}[31mred\nlist 1\rcount\ncount\tloans\n\u{1B}[200~count\u{1B}[201~\n"
    try Data(input.utf8).write(to: folder.file("input"))
    let run = try BinaryRun.shell(#""$0" --keep-going < input"#, in: folder.url)
    #expect(
      run.output == """
        error: stdin:1: 'search \\e[31mred' holds a control character (ESC, from a terminal's escape code?) at column 8 — commands are plain text
        error: stdin:2: 'list 1\\rcount' holds a control character at column 7 — commands are plain text
        error: stdin:3: 'count' does not take 'loans' — usage: count
        error: stdin:4: '\\e[200~count\\e[201~' holds a control character (ESC, from a terminal's escape code?) at column 1 — commands are plain text

        """)
    #expect(run.status == 1)
  }

  @Test("-c commands that are not UTF-8 fail with status 1; another argument is a usage error")
  func invalidUTF8Arguments() throws {
    let commands = try BinaryRun.shell(#""$0" -c "$(printf 'count; search caf\351')""#)
    #expect(
      commands.output
        == "error: 'count; search caf\\xE9' is not UTF-8 text (byte 0xE9 at column 18) "
        + "— save it as UTF-8\n")
    #expect(commands.status == 1)
    let script = try BinaryRun.shell(#""$0" "$(printf 'demo\351')""#)
    #expect(script.output == "error: argument 'demo\\xE9' is not UTF-8 text\n")
    #expect(script.status == 2)
  }

  @Test("a script file with NUL bytes is refused whole as binary; nothing runs")
  func binaryScripts() throws {
    let folder = try TemporaryDirectory()
    try Data("fav 1\nlist\0 5\n".utf8).write(to: folder.file("nul.kiva"))
    let nul = try BinaryRun.run(["nul.kiva"], in: folder.url)
    #expect(
      nul.output == "error: 'nul.kiva' is a binary file (it holds NUL bytes), not a kivash script\n"
    )
    #expect(nul.status == 1)
    let program = try BinaryRun.run(["/bin/ls"])
    #expect(
      program.output
        == "error: '/bin/ls' is a binary file (it holds NUL bytes), not a kivash script\n")
    #expect(program.status == 1)
    let sourced = try BinaryRun.run(["-c", "fav 1; source /bin/ls; count"])
    #expect(
      sourced.output == "★ Pheap's Group (Cambodia, $800) is now a favourite\n"
        + "error: '/bin/ls' is a binary file (it holds NUL bytes), not a kivash script\n")
    #expect(sourced.status == 1)
  }

  @Test("a directory or an empty file as the script")
  func directoryAndEmptyScripts() throws {
    let folder = try TemporaryDirectory()
    try Data().write(to: folder.file("empty.kiva"))
    let directory = try BinaryRun.run([folder.url.path])
    #expect(directory.output == "error: cannot read '\(folder.url.path)': it is a directory\n")
    #expect(directory.status == 1)
    let empty = try BinaryRun.run(["empty.kiva"], in: folder.url)
    #expect(empty.output == "")
    #expect(empty.status == 0)
  }

  @Test("a 1 MB line: one clipped error line, quickly, and the next line runs")
  func megabyteLine() throws {
    let folder = try TemporaryDirectory()
    let line = String(repeating: "x", count: 1 << 20)
    let lines = ["filter max 500", line, "filter country " + line, "list " + line, "count"]
    try Data(lines.joined(separator: "\n").utf8).write(to: folder.file("long.kiva"))
    let run = try BinaryRun.run(["--keep-going", "long.kiva"], in: folder.url)
    let clipped = String(repeating: "x", count: 39) + "…"
    #expect(
      run.output == """
        showing 5 of 20 loans below $500
        error: long.kiva:2: unknown command '\(clipped)' — type 'help' for a list
        error: long.kiva:3: no loans with country '\(clipped)'
        error: long.kiva:4: 'list' needs a number of rows or 'all', got '\(clipped)'
        5 loans

        """)
    #expect(run.status == 1)
  }

  @Test("a 2 GB file is refused before it is read, naming the limit and how to split")
  func twoGigabyteFile() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("huge.json")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 2 << 30)  // sparse: no disk is used
    try handle.close()
    let run = try BinaryRun.run(
      ["-c", "fav 1; fetch huge.json; count; decode FlatLoan @huge.json"], in: folder.url)
    #expect(
      run.output == """
        ★ Pheap's Group (Cambodia, $800) is now a favourite
        error: 'huge.json' is 2,147,483,648 bytes, more than the 1 GB kivash reads at once \
        — split it into files of fewer loans and load them with 'fetch FILE --append'

        """)
    #expect(run.status == 1)
    let decode = try BinaryRun.run(["-c", "decode FlatLoan @huge.json"], in: folder.url)
    #expect(
      decode.output == "error: 'huge.json' is 2,147,483,648 bytes, more than the 1 GB kivash "
        + "reads at once — try a smaller sample of it\n")
    let source = try BinaryRun.run(["huge.json"], in: folder.url)
    #expect(
      source.output == "error: 'huge.json' is 2,147,483,648 bytes, more than the 1 GB kivash "
        + "reads at once — split it into smaller scripts and 'source' each\n")
    #expect(source.status == 1)
  }

  @Test("a device that never ends is read only up to the limit")
  func endlessDevice() throws {
    let run = try BinaryRun.run(["-c", "fetch /dev/zero"])
    #expect(
      run.output == "error: '/dev/zero' holds more than the 1 GB kivash reads at once "
        + "— split it into files of fewer loans and load them with 'fetch FILE --append'\n")
    #expect(run.status == 1)
  }
}
