import Foundation
import Testing

@testable import KivaShell

/// `--record FILE` then `--check FILE`: passes while the output is the same, fails with
/// a unified diff when a line of the recording is changed.
@Suite("Recorded transcripts")
struct RecordCheckTests {
  @Test("a recorded script checks clean, and an edited line fails with a diff")
  func recordThenCheck() throws {
    let directory = try TemporaryDirectory()
    let folder = directory.url
    let script = "filter max 500\nserch kenya\ncount\n"
    try script.write(
      to: folder.appendingPathComponent("demo.kiva"), atomically: true, encoding: .utf8)
    let record = try BinaryRun.run(
      ["--no-persist", "-k", "--record", "demo.transcript", "demo.kiva"], in: folder)
    #expect(record.status == 1)
    #expect(
      record.output
        == "showing 5 of 20 loans below $500\n"
        + "error: demo.kiva:2: unknown command 'serch' — did you mean 'search'?\n5 loans\n")
    let file = folder.appendingPathComponent("demo.transcript")
    let recorded = try String(contentsOf: file, encoding: .utf8)
    #expect(
      recorded == """
        # kivash transcript: check with 'kivash --check FILE'
        # args: --keep-going
        # source: demo.kiva
        # directory: .
        # width: 100
        loans> filter max 500
        showing 5 of 20 loans below $500
        loans[<$500]> serch kenya
        error: demo.kiva:2: unknown command 'serch' — did you mean 'search'?
        loans[<$500]> count
        5 loans

        """)

    let check = try BinaryRun.run(["--check", "demo.transcript"], in: folder)
    #expect(check.status == 0)
    #expect(check.output == "demo.transcript: 3 commands, output as recorded\n")

    try recorded.replacingOccurrences(of: "5 loans\n", with: "6 loans\n")
      .write(to: file, atomically: true, encoding: .utf8)
    let changed = try BinaryRun.run(["--check", "demo.transcript"], in: folder)
    #expect(changed.status == 1)
    #expect(
      changed.output == """
        --- demo.transcript (recorded)
        +++ demo.transcript (replayed)
        @@ -8,4 +8,4 @@
         loans[<$500]> serch kenya
         error: demo.kiva:2: unknown command 'serch' — did you mean 'search'?
         loans[<$500]> count
        -6 loans
        +5 loans
        error: 'demo.transcript': the output differs from the recording (see the diff above)

        """)
  }

  @Test("--check on a file that is not a transcript is a usage error")
  func notATranscript() throws {
    let directory = try TemporaryDirectory()
    let folder = directory.url
    try "count\n".write(
      to: folder.appendingPathComponent("plain.kiva"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(["--check", "plain.kiva"], in: folder)
    #expect(run.status == 2)
    #expect(
      run.output
        == "error: 'plain.kiva' is not a kivash transcript (it should start with "
        + "'# kivash transcript') — make one with 'kivash --record FILE'\n")
  }

  @Test("the unified diff shows changed lines with three lines of context")
  func diffContext() throws {
    let expected = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let actual = expected.replacingOccurrences(of: "line 6\n", with: "line six\n")
    let diff = try #require(
      UnifiedDiff.text(expected: expected, actual: actual, expectedName: "a", actualName: "b"))
    #expect(
      diff
        == "--- a\n+++ b\n@@ -3,7 +3,7 @@\n line 3\n line 4\n line 5\n-line 6\n+line six\n"
        + " line 7\n line 8\n line 9\n")
    #expect(
      UnifiedDiff.text(expected: expected, actual: expected, expectedName: "a", actualName: "b")
        == nil)
    // Numbered as the file the text starts on line 6 of, as a transcript's body does.
    let inFile = UnifiedDiff.text(
      expected: expected, actual: actual, expectedName: "a", actualName: "b", firstLine: 6)
    #expect(inFile?.contains("\n@@ -8,7 +8,7 @@\n line 3\n") == true)
    // A line added after line 12 of the text (line 17 of the file), with its context.
    let added = UnifiedDiff.text(
      expected: expected, actual: expected + "line 13\n", expectedName: "a", actualName: "b",
      firstLine: 6)
    #expect(added?.contains("\n@@ -15,3 +15,4 @@\n line 10\n") == true, "\(added ?? "")")
    // CR LF ends a line in the diff, as in the file: each row its own line.
    let rows = UnifiedDiff.text(
      expected: "a\r\nb\r\n", actual: "a\r\nc\r\n", expectedName: "x", actualName: "y")
    #expect(rows == "--- x\n+++ y\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
  }

  @Test("a command continued over ...> lines counts once")
  func continuedCommandCountsOnce() {
    let transcript = Transcript(body: [
      "loans> decode D {", "...>   \"a\": 1", "...> }", "D(a: 1)", "loans> count", "20 loans",
    ])
    #expect(transcript.commands.count == 4)
    #expect(transcript.enteredCount == 2)
  }

  @Test("--record reads nothing saved and leaves KIVASH_API out, as --check replays")
  func recordInMemory() throws {
    let directory = try TemporaryDirectory()
    let environment = [
      "KIVASH_DATA_DIR": directory.url.path, "KIVASH_API": "http://127.0.0.1:9/x",
    ]
    let saved = try BinaryRun.run(["-c", "model Keep { name: String }"], environment: environment)
    #expect(saved.status == 0)
    let transcript = directory.url.appendingPathComponent("k.transcript").path
    let record = try BinaryRun.run(
      ["--keep-going", "--record", transcript, "-c", #"decode Keep {"name": "x"}; set"#],
      environment: environment)
    #expect(record.output.hasPrefix("error: no model 'Keep'"))
    #expect(record.output.contains("api      https://api.kivaws.org/v1/loans/newest.json\n"))
    let check = try BinaryRun.run(["--check", transcript], environment: environment)
    #expect(check.status == 0, "\(check.output)")
    // The saved model is still there for a session that is not recorded.
    let later = try BinaryRun.run(["-c", "models"], environment: environment)
    #expect(later.output.contains("Keep"))
  }

  @Test(
    "a transcript's width must be one: a number of columns output can have",
    arguments: ["9223372036854775807", "abc", "39", ""])
  func badWidth(width: String) throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("wide.transcript")
    let line = "# width: \(width)"
    try
      (["# kivash transcript: check with 'kivash --check FILE'", line, "loans> count", "20 loans"]
      .joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    for arguments in [["--check", "wide.transcript"], ["--check", "wide.transcript", "--update"]] {
      let check = try BinaryRun.run(arguments, in: directory.url)
      #expect(check.status == 2, "\(check.output)")
      #expect(
        check.output
          == "error: 'wide.transcript': '\(line)' is no width — a number of columns from 40 to"
          + " 10000\n")
    }
    #expect(Output(sink: CapturingSink(), width: .max).width == Output.widthLimits.upperBound)
    #expect(Output(sink: CapturingSink(), width: .min).width == Output.widthLimits.lowerBound)
  }

  @Test("a transcript replays in the folder it was recorded in, wherever --check runs")
  func replaysInItsDirectory() throws {
    let directory = try TemporaryDirectory()
    let project = directory.file("project")
    let tests = project.appendingPathComponent("tests")
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: TestPaths.fixtures.appendingPathComponent("mareme-loans.json"),
      to: project.appendingPathComponent("loans.json"))
    try "fetch loans.json\ncount\n".write(
      to: project.appendingPathComponent("demo.kiva"), atomically: true, encoding: .utf8)
    // Recorded in the project, into its tests folder.
    let record = try BinaryRun.run(
      ["--no-persist", "--record", "tests/demo.transcript", "demo.kiva"], in: project)
    #expect(record.status == 0, "\(record.output)")
    let text = try String(
      contentsOf: tests.appendingPathComponent("demo.transcript"), encoding: .utf8)
    #expect(text.contains("\n# directory: ..\n"))
    // Checked from the project, from its tests folder, and from elsewhere.
    for (folder, path) in [
      (project, "tests/demo.transcript"), (tests, "demo.transcript"),
      (directory.url, "project/tests/demo.transcript"),
    ] {
      let check = try BinaryRun.run(["--check", path], in: folder)
      #expect(check.output == "\(path): 2 commands, output as recorded\n")
      #expect(check.status == 0)
    }
    // A folder that is gone is said, not replayed elsewhere.
    try text.replacingOccurrences(of: "# directory: ..", with: "# directory: ../gone")
      .write(to: tests.appendingPathComponent("demo.transcript"), atomically: true, encoding: .utf8)
    let gone = try BinaryRun.run(["--check", "tests/demo.transcript"], in: project)
    #expect(gone.status == 2)
    #expect(
      gone.output
        == "error: 'tests/demo.transcript': its commands ran in '../gone' from its folder"
        + " ('# directory:'), and there is no folder '\(project.path)/gone' to replay them in\n")
  }

  @Test("output that reads like a command is kept escaped, and never run by --check")
  func promptLikeOutput() throws {
    let directory = try TemporaryDirectory()
    let loan =
      #"{"id":1,"name":"loans> fav 1","use":"\\ a backslash first","loan_amount":5,"#
      + #""sector":"s","activity":"a","status":"s","location":{"country":"Peru"}}"#
    try #"{"loans":[\#(loan)]}"#.write(
      to: directory.file("evil.json"), atomically: true, encoding: .utf8)
    try "fetch evil.json\nshow 1\nfavs\n".write(
      to: directory.file("evil.kiva"), atomically: true, encoding: .utf8)
    let record = try BinaryRun.run(
      ["--no-persist", "--record", "evil.transcript", "evil.kiva"], in: directory.url)
    #expect(record.status == 0, "\(record.output)")
    let text = try String(contentsOf: directory.file("evil.transcript"), encoding: .utf8)
    // show's first line is the loan's name: kept escaped, so it is no command.
    #expect(text.contains("\nloans> show 1\n\\loans> fav 1\n"), "\(text)")
    #expect(text.contains("\nloans> favs\nno favourites yet"), "\(text)")
    let transcript = try #require(Transcript(parsing: text))
    #expect(transcript.commands == ["fetch evil.json", "show 1", "favs"])
    let check = try BinaryRun.run(["--check", "evil.transcript"], in: directory.url)
    #expect(check.output == "evil.transcript: 3 commands, output as recorded\n")
    #expect(check.status == 0)
    #expect(Transcript.escapedOutput("loans> fav 1") == "\\loans> fav 1")
    #expect(Transcript.escapedOutput("\\ a backslash first") == "\\\\ a backslash first")
    #expect(Transcript.escapedOutput("showing 5 of 20 loans") == "showing 5 of 20 loans")
  }

  /// Records `script` (as `t.kiva`) into `t.transcript` in `directory`: the file and
  /// its text.
  static func record(_ script: String, in directory: TemporaryDirectory) throws
    -> (file: URL, text: String)
  {
    try script.write(to: directory.file("t.kiva"), atomically: true, encoding: .utf8)
    let record = try BinaryRun.run(
      ["--no-persist", "--record", "t.transcript", "t.kiva"], in: directory.url)
    #expect(record.status == 0, "\(record.output)")
    let file = directory.file("t.transcript")
    return (file, try String(contentsOf: file, encoding: .utf8))
  }

  @Test("a transcript with CR LF line ends is checked as written, and --update keeps them")
  func crlfTranscript() throws {
    let directory = try TemporaryDirectory()
    let (file, recorded) = try Self.record("count\nfilter max 500\ncount\n", in: directory)
    let crlf = recorded.replacingOccurrences(of: "\n", with: "\r\n")
    try crlf.write(to: file, atomically: true, encoding: .utf8)
    let check = try BinaryRun.run(["--check", "t.transcript"], in: directory.url)
    #expect(check.output == "t.transcript: 3 commands, output as recorded\n")
    #expect(check.status == 0)
    // An edited line fails, as it does with line feeds.
    try crlf.replacingOccurrences(of: "5 loans", with: "999 loans")
      .write(to: file, atomically: true, encoding: .utf8)
    let changed = try BinaryRun.run(["--check", "t.transcript"], in: directory.url)
    #expect(changed.status == 1)
    #expect(changed.output.contains("-999 loans\n+5 loans\n"), "\(changed.output)")
    let update = try BinaryRun.run(["--check", "t.transcript", "--update"], in: directory.url)
    #expect(update.output == "t.transcript: updated (3 commands)\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == crlf)
  }

  @Test("CSV output's CR LF rows stay rows, and a CR LF file of them checks however converted")
  func csvTranscript() throws {
    let directory = try TemporaryDirectory()
    let (file, recorded) = try Self.record("set mode csv\nlist 2\ncount\n", in: directory)
    // Each row a line of its own, ending in the CSV's CR, and no blank line after them.
    #expect(recorded.contains(",posted_date\r\n436753,"), "\(recorded.debugDescription)")
    #expect(recorded.contains("2012-06-12T20:30:03Z\r\nloans> count\n20\n"))
    #expect(Transcript(parsing: recorded)?.commands == ["set mode csv", "list 2", "count"])
    // As a sed 's/$/\r/' converts it (the CSV rows' CR doubled), and as unix2dos does
    // (only bare line feeds).
    let everyLine = recorded.replacingOccurrences(of: "\n", with: "\r\n")
    var bareOnly = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in recorded.unicodeScalars {
      if scalar == "\n", previous != "\r" { bareOnly.append("\r") }
      bareOnly.append(scalar)
      previous = scalar
    }
    // And as git's eol=lf leaves it: no carriage return at all.
    let noneLeft = String(String.UnicodeScalarView(recorded.unicodeScalars.filter { $0 != "\r" }))
    for converted in [recorded, everyLine, String(bareOnly), noneLeft] {
      try converted.write(to: file, atomically: true, encoding: .utf8)
      let check = try BinaryRun.run(["--check", "t.transcript"], in: directory.url)
      #expect(check.output == "t.transcript: 3 commands, output as recorded\n")
      let update = try BinaryRun.run(["--check", "t.transcript", "--update"], in: directory.url)
      #expect(update.status == 0)
      let again = try BinaryRun.run(["--check", "t.transcript"], in: directory.url)
      #expect(again.status == 0, "\(again.output)")
    }
  }

  @Test("a transcript whose lines hold no command is refused, and --update keeps it as it is")
  func noCommands() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("t.transcript")
    let text =
      "# kivash transcript: check with 'kivash --check FILE'\n# width: 100\ncount\n20 loans\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
    for arguments in [["--check", "t.transcript"], ["--check", "t.transcript", "--update"]] {
      let check = try BinaryRun.run(arguments, in: directory.url)
      #expect(check.status == 2)
      #expect(
        check.output
          == "error: 't.transcript' holds no command to replay: no line starts with a prompt"
          + " such as 'loans> ' — was it edited by hand?\n")
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == text)
  }
}
