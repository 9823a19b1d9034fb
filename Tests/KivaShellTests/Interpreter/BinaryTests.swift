import Foundation
import Testing

/// The real binary, run as scripts and pipes run it.
@Suite("kivash binary")
struct BinaryTests {
  @Test("the tutorial's script piped to kivash prints the expected rows and exits 0")
  func pipedTutorial() throws {
    let run = try BinaryRun.run(
      [], input: "fetch; filter max 500; list; search kenya; fav 1; favs; suggest\n")
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    let names = lines.compactMap { line -> String? in
      let words = line.split(separator: " ")
      guard let first = words.first, Int(first) != nil else { return nil }
      return words.dropFirst().first { $0 != "★" }.map(String.init)
    }
    #expect(
      names == [
        "Stephen", "Ysabel", "Hamadi", "Anim", "Mwaniki",  // below $500
        "Stephen", "Hamadi", "Anim", "Mwaniki",  // and from Kenya
        "Stephen",  // favourites
      ])
    #expect(lines.contains("★ Stephen (Kenya, $375) is now a favourite"))
    #expect(
      lines.contains(
        "  1 ★ Stephen  Kenya    To add to his stock of electrical items    $375"))
    #expect(lines.contains("recent: kenya"))
  }

  @Test("--echo shows each command of -c before its own output")
  func echoEach() throws {
    let run = try BinaryRun.run(["--no-persist", "--echo", "-c", "count; filter max 500; count"])
    #expect(
      run.output
        == "loans> count\n20 loans\nloans> filter max 500\nshowing 5 of 20 loans below $500\n"
        + "loans[<$500]> count\n5 loans\n")
  }

  @Test("-c stops at the first error with status 1; the error names no file")
  func commandsStop() throws {
    let run = try BinaryRun.run(["-c", "count; serch x; count"])
    #expect(run.output == "20 loans\nerror: unknown command 'serch' — did you mean 'search'?\n")
    #expect(run.status == 1)
  }

  @Test("errors in piped input name the line")
  func stdinLines() throws {
    let run = try BinaryRun.run([], input: "count\nlist nine\n")
    #expect(
      run.output == "20 loans\nerror: stdin:2: 'list' needs a number of rows or 'all', got 'nine'\n"
    )
    #expect(run.status == 1)
  }

  @Test("usage errors exit 2; --help and --version exit 0")
  func usage() throws {
    let bad = try BinaryRun.run(["--bogus"])
    #expect(bad.output == "error: unknown option '--bogus' — see 'kivash --help'\n")
    #expect(bad.status == 2)
    let help = try BinaryRun.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("usage: kivash [OPTIONS] [SCRIPT]\n"))
    let version = try BinaryRun.run(["--version"])
    #expect(version.output == "kivash 0.1.0\n")
  }

  @Test("a missing script file is an error")
  func missingScript() throws {
    let run = try BinaryRun.run(["no-such-script.kiva"])
    #expect(run.output == "error: cannot read 'no-such-script.kiva': no such file\n")
    #expect(run.status == 1)
  }

  @Test("an executable script with #!/usr/bin/env kivash runs")
  func shebang() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-shebang-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("demo.kiva")
    try "#!/usr/bin/env kivash\nfilter max 500\ncount\n".write(
      to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

    // The test's data directory, so that nothing saved elsewhere changes the count.
    var environment = BinaryRun.environment(dataDirectory: directory.appendingPathComponent("data"))
    environment["PATH"] =
      TestPaths.kivashBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    let run = try ProcessRunner.run(script, [], environment: environment)
    #expect(run.output == "showing 5 of 20 loans below $500\n5 loans\n")
    #expect(run.status == 0)
  }

  @Test("output piped to head ends quietly, without a crash")
  func brokenPipe() throws {
    let commands = Array(repeating: "list", count: 200).joined(separator: "; ")
    // Its own data directory: whatever the user's holds must not change the output.
    let directory = try TemporaryDirectory()
    let run = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        "-c", #""$0" -c "$1" | head -n 1; echo "status ${PIPESTATUS[0]}""#,
        TestPaths.kivashBinary.path, commands,
      ], environment: BinaryRun.environment(dataDirectory: directory.url))
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("   #   name") == true)
    #expect(lines.last == "status 141")
  }

  @Test("'history' in a script prints what was entered at the prompt")
  func historyFromScript() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-history-\(UUID().uuidString)")
    try "fetch\nsearch kenya\n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try BinaryRun.run(
      ["-c", "history; count"], environment: ["KIVASH_HISTORY": file.path])
    #expect(run.output == "  1  fetch\n  2  search kenya\n20 loans\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == "fetch\nsearch kenya\n")
  }

  @Test("favourites and categories survive a restart")
  func persistsAcrossRuns() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-restart-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = ["KIVASH_DATA_DIR": directory.path]

    let first = try BinaryRun.run(
      ["-c", "use landmarks; list; fav 2; filter favorites; list; category add Patio leaf"],
      environment: environment)
    #expect(first.status == 0)
    let favourites = first.output.split(separator: "\n").suffix(5).prefix(4).map {
      String($0.dropFirst(6).prefix(19)).trimmingCharacters(in: .whitespaces)
    }
    #expect(
      favourites == ["Turtle Rock", "Silver Salmon Creek", "Chilkoot Trail", "St. Mary Lake"])

    let second = try BinaryRun.run(
      ["-c", "use landmarks; favs; use categories; search patio"], environment: environment)
    #expect(second.status == 0)
    #expect(second.output.contains("  2 ★ Silver Salmon Creek  Lake Clark National Park"))
    #expect(second.output.hasSuffix("  1   Patio  leaf\n"))
  }
}
