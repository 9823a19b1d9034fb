import Testing

@testable import KivaShell

/// Only commands that take a block (JSON, a model's fields) go on over the next lines
/// until it closes; a stray brace in any other command ends with its line.
@Suite("Which commands take a block")
struct BlockTakingCommandsTests {
  @Test("decode, infer and model continue an open block; search and filter do not")
  func whichCommandsContinue() {
    #expect(Tokenizer.openBlock(in: #"decode FlatLoan {"name": "a","#) != nil)
    #expect(Tokenizer.openBlock(in: #"infer ["#) != nil)
    #expect(Tokenizer.openBlock(in: "model Point {") != nil)
    #expect(Tokenizer.openBlock(in: "count; model Point {") != nil)
    #expect(Tokenizer.openBlock(in: "search {kenya") == nil)
    #expect(Tokenizer.openBlock(in: "filter country [Kenya") == nil)
    #expect(Tokenizer.openBlock(in: #"model Point { x: Int }; search {"#) == nil)
  }

  @Test("a stray brace fails its own line, and the next line runs")
  func strayBrace() {
    let sink = CapturingSink()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: sink),
      options: Shell.Options(keepGoing: true))
    let status = shell.run(reader: ArrayLineReader(["search {kenya", "count"]))
    #expect(status == 1)
    #expect(sink.error == "error: '{' is never closed — add the matching '}'\n")
    #expect(sink.standard == "20 loans\n")
  }
}
