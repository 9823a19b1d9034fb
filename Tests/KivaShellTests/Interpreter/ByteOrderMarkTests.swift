import Foundation
import Testing

/// A script saved with UTF-8's byte order mark (some editors write one) runs as if it had
/// none, from a file or from standard input; a mark anywhere else is still an error.
@Suite("Scripts that start with a byte order mark")
struct ByteOrderMarkTests {
  @Test("a script file and standard input that start with a BOM run")
  func markIsSkipped() throws {
    let directory = try TemporaryDirectory()
    try Data([0xEF, 0xBB, 0xBF] + Array("count\nfilter max 500\n".utf8))
      .write(to: directory.url.appendingPathComponent("bom.kiva"))
    let file = try BinaryRun.run(["--no-persist", "bom.kiva"], in: directory.url)
    #expect(file.output == "20 loans\nshowing 5 of 20 loans below $500\n")
    #expect(file.status == 0)
    let input = try BinaryRun.shell(#""$0" --no-persist < bom.kiva"#, in: directory.url)
    #expect(input.output == "20 loans\nshowing 5 of 20 loans below $500\n")
    #expect(input.status == 0)
  }

  @Test("a sourced script that starts with a BOM runs")
  func sourcedScript() throws {
    let directory = try TemporaryDirectory()
    try Data([0xEF, 0xBB, 0xBF] + Array("count\n".utf8))
      .write(to: directory.url.appendingPathComponent("bom.kiva"))
    let run = try BinaryRun.run(["--no-persist", "-c", "source bom.kiva"], in: directory.url)
    #expect(run.output == "20 loans\n")
    #expect(run.status == 0)
  }

  @Test("infer reads a sample that starts with a BOM, or is UTF-16, as decode does")
  func inferSkipsMark() throws {
    let directory = try TemporaryDirectory()
    let sample = #"{"name":"a","country":"b","use":"c","amount":1}"#
    try Data([0xEF, 0xBB, 0xBF] + Array(sample.utf8))
      .write(to: directory.url.appendingPathComponent("bom.json"))
    try Data([0xFF, 0xFE] + sample.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
      .write(to: directory.url.appendingPathComponent("utf16.json"))
    let inferred = """
      model Sample { name: String; country: String; use: String; amount: Int }
      defined Sample — 'codegen Sample' shows the Swift

      """
    for file in ["bom.json", "utf16.json"] {
      let decode = try BinaryRun.run(
        ["--no-persist", "-c", "decode FlatLoan @\(file)"], in: directory.url)
      #expect(decode.output == #"FlatLoan(name: "a", country: "b", use: "c", amount: 1)"# + "\n")
      let infer = try BinaryRun.run(["--no-persist", "-c", "infer @\(file)"], in: directory.url)
      #expect(infer.output == inferred, "\(file)")
      #expect(infer.status == 0)
    }
  }

  @Test("a BOM that is not at the start is part of the command")
  func markElsewhere() throws {
    let run = try BinaryRun.shell(#"printf 'count\n\357\273\277count\n' | "$0" --no-persist"#)
    #expect(
      run.output
        == "20 loans\nerror: stdin:2: unknown command '\u{FEFF}count' — did you mean 'count'?\n")
    #expect(run.status == 1)
  }

  @Test("a JSON file with a BOM and a mistake is explained at the mistake, not at the BOM")
  func mistakeAfterMark() throws {
    let directory = try TemporaryDirectory()
    let mark = Data([0xEF, 0xBB, 0xBF])
    try (mark + Data("{\"name\":\"a\",\n\"country\": x}".utf8)).write(
      to: directory.file("bad.json"))
    try (mark + Data("{\"name\":\"a\",\"country\":\"b\",\"amount\":1}".utf8))
      .write(to: directory.file("short.json"))
    let malformed = try BinaryRun.run(
      ["--no-persist", "-c", "decode FlatLoan @bad.json"], in: directory.url)
    #expect(
      malformed.output == """
        error: the JSON is malformed at line 2, column 12: unexpected 'x', expected a value — a string takes double quotes: "x"
          2 | "country": x}
            |            ^

        """)
    let fetched = try BinaryRun.run(["--no-persist", "-c", "fetch bad.json"], in: directory.url)
    #expect(
      fetched.output
        == "error: 'bad.json' is not valid JSON: line 2, column 12: unexpected 'x', expected a "
        + "value — a string takes double quotes: \"x\"\n")
    let missing = try BinaryRun.run(
      ["--no-persist", "-c", "decode FlatLoan @short.json"], in: directory.url)
    #expect(missing.output.hasPrefix("error: 'use' is missing at the top level (FlatLoan)\n"))
  }
}
