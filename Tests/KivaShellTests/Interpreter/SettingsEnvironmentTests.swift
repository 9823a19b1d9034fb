import Foundation
import Testing

@testable import KivaShell

/// `KIVASH_API` sets the endpoint `fetch --live` reads; one that is not an http URL is
/// warned of at start, and `fetch --live` refuses it rather than read Kiva's instead.
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

  @Test("one that is not an http URL is warned of at start, and fetch --live refuses it")
  func warned() throws {
    let run = try BinaryRun.run(
      ["--no-persist", "-c", "count; fetch --live; count"],
      environment: ["KIVASH_API": "127.0.0.1:8766/paged"])
    let refusal =
      "KIVASH_API='127.0.0.1:8766/paged' is not an http or https URL — fix it "
      + "(KIVASH_API=http://127.0.0.1:8766/paged?), or 'set api URL' ('set api default' for "
      + "Kiva's)"
    #expect(
      run.output
        == "warning: \(refusal); 'fetch --live' will not run until then\n20 loans\n"
        + "error: \(refusal)\n")
    #expect(run.status == 1)
    #expect(
      Settings.environmentWarning(["KIVASH_API": "ftp://x"])
        == "KIVASH_API='ftp://x' is not an http or https URL — fix it, or 'set api URL' "
        + "('set api default' for Kiva's); 'fetch --live' will not run until then")
    // 'set api' names one: the refusal is gone.
    let shell = Shell(
      session: Session(), output: Output(sink: CapturingSink()))
    var session = Session()
    session.settings = Settings(environment: ["KIVASH_API": "ftp://x"])
    #expect(session.settings.refusedAPI == "ftp://x")
    try shell.execute(line: "set api default", session: &session)
    #expect(session.settings.refusedAPI == nil)
  }
}
