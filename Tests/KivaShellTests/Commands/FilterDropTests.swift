import Testing

@testable import KivaShell

/// `filter max clear`, `filter country clear`: one filter goes, the others stay.
@Suite("removing one filter")
struct FilterDropTests {
  @Test("each filter can be removed on its own; the rest stay in force")
  func dropsOne() {
    let run = ScriptRun([
      "filter max 500", "filter country Kenya", "filter country clear", "filter",
      "filter max off", "filter",
    ])
    #expect(run.error == "")
    #expect(
      run.standard == """
        showing 5 of 20 loans below $500
        showing 4 of 20 loans below $500, from Kenya
        showing 5 of 20 loans below $500
        filters: below $500
        showing 5 of 20 loans below $500
        showing all 20 loans
        no filters
        showing all 20 loans

        """)
  }

  @Test("amounts that no loan can pass are pointed out, with how to undo one")
  func contradiction() {
    let run = ScriptRun(["filter max 500", "filter min 500"])
    #expect(run.standard.hasSuffix("showing 0 of 20 loans of $500 or more, below $500\n"))
    #expect(
      run.error
        == "warning: no amount is $500 or more and below $500 — 'filter max clear' or "
        + "'filter min clear' removes one\n")
  }

  @Test("the warning writes amounts as the summary above it does")
  func contradictionGrouped() {
    let run = ScriptRun(["filter max 1000", "filter min $2,500"])
    #expect(run.standard.hasSuffix("showing 0 of 20 loans of $2,500 or more, below $1,000\n"))
    #expect(
      run.error
        == "warning: no amount is $2,500 or more and below $1,000 — 'filter max clear' or "
        + "'filter min clear' removes one\n")
  }

  @Test("a filter the collection does not have is refused, as setting it is")
  func notApplicable() {
    let run = ScriptRun(["use landmarks", "filter max clear"])
    #expect(run.error == "error: 'filter max' applies to loans — landmarks have no amount\n")
  }
}
