import Foundation
import Testing

@testable import KivaShell

/// `~` in a path follows `$HOME`, as in a shell (and as kivash's own files do).
@Suite("~ in paths")
struct TildeTests {
  @Test(
    "~ and ~/ follow HOME",
    arguments: [
      ("~", "/tmp/me", "/tmp/me"),
      ("~/loans.json", "/tmp/me", "/tmp/me/loans.json"),
      ("~/loans.json", "/tmp/me/", "/tmp/me/loans.json"),
      ("~/loans.json", "/", "/loans.json"),
      ("~", "/", "/"),
      ("a~/b", "/tmp/me", "a~/b"),
      ("/x/~/y", "/tmp/me", "/x/~/y"),
    ])
  func followsHome(path: String, home: String, expected: String) {
    #expect(LocalFile.expand(path, environment: ["HOME": home]) == expected)
  }

  @Test("without HOME, the account's home directory; ~user as the system says")
  func withoutHome() {
    let account = ("~/x" as NSString).expandingTildeInPath
    #expect(LocalFile.expand("~/x", environment: [:]) == account)
    #expect(LocalFile.expand("~/x", environment: ["HOME": ""]) == account)
    #expect(
      LocalFile.expand("~root/x", environment: ["HOME": "/tmp/me"])
        == ("~root/x" as NSString).expandingTildeInPath)
  }
}
