import Foundation
import Testing

@testable import KivaShell

/// `--json`, `--csv`, `set mode` and `export`: what programs downstream read.
@Suite("Output modes and export")
struct OutputModeTests {
  /// The standard output alone of kivash run with `arguments` (a shell script's words).
  static func stdout(_ arguments: String, in directory: URL? = nil) throws -> BinaryRun {
    try BinaryRun.shell(#""$0" --no-persist "# + arguments + " 2>/dev/null", in: directory)
  }

  @Test("--json prints the view as a JSON array, and nothing else on stdout")
  func jsonList() throws {
    let run = try Self.stdout(#"--json -c 'fetch; filter max 500; list'"#)
    #expect(run.status == 0)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
    #expect(array.count == 5)
    #expect(
      array.map { $0["name"] as? String } == ["Stephen", "Ysabel", "Hamadi", "Anim", "Mwaniki"])
    #expect(array.allSatisfy { ($0["loan_amount"] as? Int ?? 500) < 500 })
  }

  @Test("--csv prints RFC 4180 that Python's csv module reads: a header and 5 rows")
  func csvList() throws {
    let script = """
      "$0" --no-persist --csv -c 'fetch; filter max 500; list' 2>/dev/null | python3 -c '
      import csv, sys
      rows = list(csv.DictReader(sys.stdin))
      print(len(rows)); print(",".join(rows[0].keys())); print(rows[0]["name"], rows[0]["loan_amount"])'
      """
    let run = try BinaryRun.shell(script)
    #expect(run.status == 0)
    #expect(
      run.output == """
        5
        id,name,country,country_code,town,use,loan_amount,funded_amount,sector,activity,status,posted_date
        Stephen 375

        """)
  }

  @Test("in json and csv modes messages go to stderr; count prints a bare number")
  func messagesOnStderr() throws {
    let both = try BinaryRun.run(["--no-persist", "--json", "-c", "filter max 500; count"])
    #expect(both.output.contains("showing 5 of 20 loans below $500"))
    let data = try Self.stdout(#"--json -c 'filter max 500; count'"#)
    #expect(data.output == "5\n")
  }

  @Test("data that is empty is still data: stats of nothing in json and csv")
  func emptyStats() throws {
    #expect(try Self.stdout(#"--json -c 'filter max 1; stats'"#).output == "{\"count\":0}\n")
    #expect(
      try Self.stdout(#"--csv -c 'filter max 1; stats'"#).output
        == "statistic,lower,upper,value\r\ncount,,,0\r\n")
  }

  @Test("stats as CSV holds what JSON holds: the summary, then a row per bin")
  func statsCSV() throws {
    let csv = try Self.stdout(#"--csv -c 'filter max 500; stats'"#).output
    let json = try Self.stdout(#"--json -c 'filter max 500; stats'"#).output
    #expect(
      csv
        == [
          "statistic,lower,upper,value", "count,,,5", "sum,,,1325", "min,,,125", "median,,,250",
          "max,,,375", "bin,100,149,1", "bin,150,199,0", "bin,200,249,1", "bin,250,299,1",
          "bin,300,349,0", "bin,350,399,2", "",
        ].joined(separator: "\r\n"))
    #expect(json.hasSuffix(#""max":375,"median":250,"min":125,"sum":1325}"# + "\n"))
  }

  @Test("what the lab was asked for goes to stdout in every mode: codegen, decode")
  func labOutputOnStdout() throws {
    let codegen = try Self.stdout(#"--json -c 'codegen FlatLoan'"#)
    #expect(codegen.output.hasPrefix("import Foundation\n\nstruct FlatLoan: Decodable {\n"))
    let decode = try Self.stdout(
      #"--csv -c 'decode FlatLoan {"name": "A", "country": "K", "use": "u", "amount": 5}'"#)
    #expect(decode.output == "FlatLoan(name: \"A\", country: \"K\", use: \"u\", amount: 5)\n")
  }

  @Test("CSV quotes fields with commas, quotes and line breaks")
  func csvQuoting() {
    #expect(
      RecordRendering.csvRow(["a", "b,c", #"say "hi""#, "two\nlines", ""])
        == "a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n")
    // A CRLF is one character, neither CR nor LF: the field is quoted all the same.
    #expect(
      RecordRendering.csvRow(["a\r\nb", "c\rd", "Zoë \"Z\""])
        == "\"a\r\nb\",\"c\rd\",\"Zoë \"\"Z\"\"\"\r\n")
    #expect(RecordRendering.csvField("\"") == "\"\"\"\"")
    #expect(RecordRendering.csvField("plain ★") == "plain ★")
  }

  @Test("set mode lines shows field = value; set mode table goes back")
  func linesMode() throws {
    let run = try BinaryRun.run([
      "--no-persist", "-c", "set mode lines; show 1; set mode table; count",
    ])
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        "mode     lines\n           id = 436753\n"
          + "         name = Pheap's Group\n")
    )
    #expect(
      run.output.hasSuffix("mode     table\n20 loans\n"))
  }

  @Test("set mode with an unknown mode names the choices and changes nothing")
  func unknownMode() throws {
    let run = try BinaryRun.run(["--no-persist", "-k", "-c", "set mode xml; count"])
    #expect(run.status == 1)
    #expect(run.output.contains("error: "))
    #expect(run.output.contains("xml"))
    #expect(run.output.hasSuffix("20 loans\n"))
  }

  @Test("export then fetch gives back every field of every built-in loan")
  func exportRoundTrip() throws {
    let directory = try TemporaryDirectory()
    let folder = directory.url
    let run = try BinaryRun.run(["--no-persist", "-c", "export all.json"], in: folder)
    #expect(run.output == "exported 20 loans to 'all.json' (JSON)\n")
    let exported = try Data(contentsOf: folder.appendingPathComponent("all.json"))
    #expect(exported.suffix(2) == Data("}\n".utf8))
    let original = try LoanLoader.decode(BuiltInData.loans, from: "built-in")
    let back = try LoanLoader.decode(exported, from: "all.json")
    #expect(back.loans.count == 20)
    #expect(back.loans == original.loans)
    #expect(back.skipped.isEmpty)
  }

  @Test("export to a folder that does not exist fails in one line and writes nothing")
  func exportNowhere() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "export /nonexistent/x.json"])
    #expect(run.status == 1)
    #expect(
      run.output
        == "error: cannot write '/nonexistent/x.json': there is no folder '/nonexistent' — nothing was exported\n"
    )
  }
}

@Suite("set width and color")
struct SetWidthColorTests {
  @Test("set width says the width it set and fits the table to it")
  func width() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "set width 60; list 2"])
    #expect(
      run.output
        == """
        width    60
          #   name           country    use                   amount
          1   Pheap's Group  Cambodia   to buy fertilizers …    $800
          2   Bayan          Palestine  to pay her Universi…    $600

        """)
    let narrow = try BinaryRun.run(["--no-persist", "-c", "set width 30"])
    #expect(narrow.status == 1)
    #expect(
      narrow.output
        == "error: 'set width' needs a number of columns of at least 40, got '30'\n")
    let word = try BinaryRun.run(["--no-persist", "-c", "set width wide"])
    #expect(word.status == 1)
    #expect(
      word.output
        == "error: 'set width' needs a number of columns (40 to 1000) or auto, got 'wide'\n")
  }

  @Test("help set gives the widths set width takes: 40 to 1000")
  func widthRange() throws {
    let run = try BinaryRun.run(
      ["--no-persist", "-k", "-c", "help set; set width 40; set width 1000; set width 1001"])
    #expect(
      run.output.contains(
        "width     the columns tables and charts are fitted to: a number (40 to 1000),\n"))
    #expect(run.output.contains("width    40\nwidth    1000\n"))
    #expect(
      run.output.hasSuffix(
        "error: 'set width' needs a number of columns of at most 1000, got '1001'\n"))
  }

  @Test("set color always paints errors; never does not")
  func color() throws {
    let run = try BinaryRun.run(["--no-persist", "-k", "-c", "set color always; frobnicate"])
    #expect(run.output.contains("\u{1B}[31merror:\u{1B}[0m unknown command 'frobnicate'"))
  }
}
