import Foundation
import Testing

@Suite("export /dev/stdout from the real binary")
struct ExportToStandardOutputTests {
  @Test("appended to a log, the data lands between the other output and nothing is lost")
  func appendedLog() throws {
    let folder = try TemporaryDirectory()
    let run = try BinaryRun.shell(
      """
      printf 'earlier\\n' > log
      "$0" -c 'count; export /dev/stdout --csv; count' >> log 2> err
      echo "status $?"
      cat log
      echo ---
      cat err
      """, in: folder.url)
    // CSV rows end in CRLF (RFC 4180).
    let lines = run.output.replacingOccurrences(of: "\r\n", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.prefix(4) == [
        "status 0", "earlier", "20 loans",
        "id,name,country,country_code,town,use,loan_amount,funded_amount,sector,activity,status,posted_date",
      ])
    #expect(lines.count == 28)
    #expect(lines.suffix(4) == ["20 loans", "---", "exported 20 loans to '/dev/stdout' (CSV)", ""])
  }

  @Test("piped, the data goes down the pipe and the message to stderr")
  func piped() throws {
    let run = try BinaryRun.shell(
      """
      "$0" -c 'export /dev/stdout --csv' 2> /dev/null | wc -l
      "$0" -c 'export /dev/stdout --json' | "$0" -c 'fetch /dev/stdin; count' 2>&1
      """)
    #expect(
      run.output
        == "21\nexported 20 loans to '/dev/stdout' (JSON)\nfetched 20 loans from '/dev/stdin'\n20 loans\n"
    )
    #expect(run.status == 0)
  }

  @Test("a pipe closed early ends kivash with status 141, as it does for 'list'")
  func closedPipe() throws {
    // Enough output to fill the pipe: head exits after one line, kivash meets EPIPE.
    let commands = Array(repeating: "export /dev/stdout --csv", count: 200).joined(separator: "; ")
    let folder = try TemporaryDirectory()
    let run = try BinaryRun.shell(
      #"{ "$0" -c '"# + commands
        + #"' 2> err; echo "kivash exited $?" >&2; } | head -1 > /dev/null"#
        + "\ngrep -c 'cannot write' err", in: folder.url)
    #expect(run.output == "kivash exited 141\n0\n")
  }

  @Test("--record keeps the data in the transcript, and --check compares it, printing none")
  func recorded() throws {
    let folder = try TemporaryDirectory()
    let commands = "use landmarks; filter category Lakes; export /dev/stdout --csv"
    let record = try BinaryRun.run(["--record", "t.transcript", "-c", commands], in: folder.url)
    #expect(record.status == 0)
    let transcript = try String(contentsOf: folder.file("t.transcript"), encoding: .utf8)
    let csv = "1004,St. Mary Lake,Glacier National Park,Browning,Montana,Lakes,48.69423,"
    #expect(transcript.contains("\n" + csv), "\(transcript)")
    #expect(transcript.hasSuffix("exported 6 landmarks to '/dev/stdout' (CSV)\n"))
    let check = try BinaryRun.run(["--check", "t.transcript"], in: folder.url)
    #expect(check.output == "t.transcript: 1 command, output as recorded\n")
    #expect(check.status == 0)
  }

  @Test("in the init script, which runs quietly, the data is dropped with the rest")
  func initScript() throws {
    try InitScriptTests.withInit("export /dev/stdout --csv\n") { config in
      let run = try BinaryRun.run(
        ["--no-persist", "-c", "count"], environment: ["XDG_CONFIG_HOME": config.path])
      #expect(run.output == "20 loans\n")
      #expect(run.status == 0)
    }
  }
}
