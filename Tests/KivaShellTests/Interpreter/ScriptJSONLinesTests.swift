import Foundation
import Testing

@testable import KivaShell

/// A mistake in a JSON block typed into a script is said at the script's own line, in the
/// message and in the excerpt, however far down the file the block is; and a sourced
/// script's error keeps its excerpt.
@Suite("JSON blocks in scripts: lines of the file")
struct ScriptJSONLinesTests {
  static let script = """
    # a block of JSON further down
    count
    infer {
      "a": 1,
      "b": [1,
       2 3]
    }

    """

  @Test("a mistake in a block is at the file's line, in the message and the excerpt")
  func fileLine() throws {
    let folder = try TemporaryDirectory()
    try Self.script.write(to: folder.file("block.kiva"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(["--no-persist", "block.kiva"], in: folder.url)
    #expect(run.status == 1)
    #expect(
      run.output == """
        20 loans
        error: block.kiva:3: the JSON is malformed at line 6, column 6: expected ',' or ']' after an array element, found '3'
          6 |    2 3]
            |      ^

        """)
  }

  @Test("decode's block too, and through 'source', with its excerpt")
  func sourced() throws {
    let folder = try TemporaryDirectory()
    let block = "count\ndecode FlatLoan {\"name\": \"a\",\n  \"country\": x}\n"
    try block.write(to: folder.file("block.kiva"), atomically: true, encoding: .utf8)
    try "source block.kiva\n".write(
      to: folder.file("outer.kiva"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(["--no-persist", "outer.kiva"], in: folder.url)
    #expect(run.status == 1)
    #expect(
      run.output == """
        20 loans
        error: outer.kiva:1: block.kiva:2: the JSON is malformed at line 3, column 14: unexpected 'x', expected a value — a string takes double quotes: "x"
          3 |   "country": x}
            |              ^

        """)
  }

  @Test("at the prompt and with -c, the lines are the command's own")
  func commandLines() throws {
    let run = try BinaryRun.run(
      ["--no-persist", "-c", "count; infer {\"a\": 1,\n \"b\" 2}"])
    #expect(
      run.output == """
        20 loans
        error: -c:1: the JSON is malformed at line 2, column 6: expected ':' after an object key, found '2'
          2 |  "b" 2}
            |      ^

        """)
  }
}
