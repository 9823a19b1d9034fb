import Foundation
import Testing

@testable import KivaShell

/// `KIVASH_API` sets the endpoint `fetch --live` reads; one that is not an http URL is
/// left out with a warning at start, not in silence.
@Suite("Settings from the environment")
struct SettingsEnvironmentTests {
  @Test("an http URL is taken; an empty one is as if unset")
  func taken() {
    let url = "http://127.0.0.1:8080/v1/loans/newest.json"
    #expect(Settings(environment: ["KIVASH_API": url]).api.absoluteString == url)
    #expect(Settings.environmentWarning(["KIVASH_API": url]) == nil)
    #expect(Settings.environmentWarning(["KIVASH_API": ""]) == nil)
    #expect(Settings.environmentWarning([:]) == nil)
  }

  @Test("one that is not an http URL is left out, with a warning at start")
  func warned() throws {
    let run = try BinaryRun.run(
      ["--no-persist", "-c", "count"], environment: ["KIVASH_API": "127.0.0.1:8766/paged"])
    #expect(
      run.output
        == "warning: KIVASH_API='127.0.0.1:8766/paged' is not an http or https URL — "
        + "'fetch --live' reads https://api.kivaws.org/v1/loans/newest.json "
        + "(KIVASH_API=http://127.0.0.1:8766/paged?)\n20 loans\n")
    #expect(run.status == 0)
    #expect(
      Settings.environmentWarning(["KIVASH_API": "ftp://x"])
        == "KIVASH_API='ftp://x' is not an http or https URL — 'fetch --live' reads "
        + "https://api.kivaws.org/v1/loans/newest.json")
  }
}
