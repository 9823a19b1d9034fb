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
    let run = ScriptRun(["search {kenya", "count"])
    #expect(run.status == 1)
    #expect(run.error == "error: '{' is never closed — add the matching '}'\n")
    #expect(run.standard == "20 loans\n")
  }
}
