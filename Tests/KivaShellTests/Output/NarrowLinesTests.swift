import Testing

@testable import KivaShell

/// Lines that must fit whatever the terminal: the progress line, redrawn in place, and
/// the prompt with a long search.
@Suite("Lines that fit: progress and prompt")
struct NarrowLinesTests {
  @Test("the progress line fits a terminal narrower than the 40 columns output keeps to")
  func progressOnANarrowTerminal() {
    let sink = CapturingSink()
    let output = Output(sink: sink, isTerminal: true, width: 30, showsProgress: true)
    output.progressColumns = { 30 }
    output.progress(String(repeating: "x", count: 100))
    #expect(output.width == 40)
    #expect(sink.error == "\r" + String(repeating: "x", count: 28) + "…\u{1B}[K")
  }

  @Test("a long search is clipped in the prompt, leaving room to type")
  func longSearchInThePrompt() throws {
    var session = Session.withBuiltInData()
    let search = "kenya " + String(repeating: "farm ", count: 1000)
    session.loans.searchText = search
    #expect(session.prompt == "loans[\"kenya farm farm farm fa…\"]> ")
    #expect(DisplayWidth.of(session.prompt) < 40)
  }
}
