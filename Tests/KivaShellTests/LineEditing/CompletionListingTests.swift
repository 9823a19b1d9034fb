import Testing

@testable import KivaShell

@Suite("TAB listings")
struct CompletionListingTests {
  @Test("candidates fill columns top to bottom, two spaces apart, within the width")
  func columns() {
    let items = ["apple", "fig", "banana", "kiwi", "cherry"]
    #expect(
      CompletionListing.rows(items, width: 20) == ["apple   kiwi", "fig     cherry", "banana"])
    #expect(CompletionListing.rows(items, width: 7) == items)
    #expect(CompletionListing.rows([], width: 80).isEmpty)
  }

  @Test("--More-- takes a screen's last row; keys do what readline's do")
  func more() {
    #expect(CompletionListing.rowsPerScreen(height: 30, rowCount: 200) == 29)
    #expect(CompletionListing.rowsPerScreen(height: 0, rowCount: 200) == 200)
    #expect(CompletionListing.rowsPerScreen(height: 1, rowCount: 200) == 200)
    #expect(CompletionListing.MoreAction(key: " ") == .page)
    #expect(CompletionListing.MoreAction(key: "y") == .page)
    #expect(CompletionListing.MoreAction(key: "\r") == .row)
    #expect(CompletionListing.MoreAction(key: "\n") == .row)
    #expect(CompletionListing.MoreAction(key: "q") == .stop)
    #expect(CompletionListing.MoreAction(key: "N") == .stop)
    #expect(CompletionListing.MoreAction(key: "\u{7F}") == .stop)
    #expect(CompletionListing.MoreAction(key: "x") == nil)
  }
}
