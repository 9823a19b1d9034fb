import Foundation
import Testing

@testable import KivaShell

/// `decode` reads dates as ISO 8601 strings by default, unlike a plain `JSONDecoder()`
/// (`.deferredToDate`): `help decode` says so, and the Swift `codegen` prints sets the
/// strategy that the lab used.
@Suite("The lab's date default is said where it matters")
struct DateDefaultTests {
  private let model = "model P { postedDate: Date }"
  private let iso = #"{"postedDate": "2012-06-12T20:30:03Z"}"#

  @Test("help decode names the default and what JSONDecoder() does")
  func helpSaysTheDefault() {
    let run = ScriptRun(["help decode"])
    #expect(
      run.standard.contains(
        """
        Dates are read as ISO 8601 strings ("2012-06-12T20:30:03Z": .iso8601) unless --dates
        says otherwise. A plain JSONDecoder() uses .deferredToDate (a number of seconds since
        2001) and refuses such a string: --dates deferred decodes as it does.

        """))
  }

  @Test("the default decodes an ISO string; --dates deferred refuses it, as JSONDecoder() does")
  func defaultAndDeferred() {
    let run = ScriptRun([model, "decode P \(iso)", "decode P --dates deferred \(iso)"])
    #expect(run.standard.hasSuffix("P(postedDate: 2012-06-12 20:30:03 +0000)\n"))
    #expect(
      run.error.hasPrefix(
        #"error: postedDate is the ISO 8601 date "2012-06-12T20:30:03Z", but the decoder "#
          + "reads dates as numbers (.deferredToDate)\n"))
  }

  @Test("codegen's Swift sets .iso8601 for a model with Dates, unless --dates deferred")
  func codegenSetsTheStrategy() {
    let run = ScriptRun([model, "codegen P", "codegen P --dates deferred"])
    let declaration = "struct P: Decodable {\n  var postedDate: Date\n}\n"
    #expect(
      run.standard.hasSuffix(
        "import Foundation\n\n// let decoder = JSONDecoder()\n"
          + "// decoder.dateDecodingStrategy = .iso8601\n\n" + declaration
          + "\n// To decode it with decoder (set up above), from JSON `data`:\n"
          + "// let value = try decoder.decode(P.self, from: data)\n"
          + "import Foundation\n\n" + declaration
          + "\n// To decode it with JSONDecoder(), from JSON `data`:\n"
          + "// let value = try JSONDecoder().decode(P.self, from: data)\n"))
    let help = ScriptRun(["help codegen"])
    #expect(
      help.standard.contains(
        "A model with Dates\nsets dateDecodingStrategy = .iso8601, as decode reads them, "
          + "unless --dates deferred\n(JSONDecoder()'s own default)."))
  }
}
