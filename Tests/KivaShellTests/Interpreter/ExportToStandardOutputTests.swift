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
}
