import Testing

@testable import KivaShell

/// A JSON that writes some dates as numbers and others as ISO 8601 strings fails under
/// every one strategy; the explanation says so, instead of proposing the other strategy
/// (which then proposes this one back).
@Suite("Dates in two forms get a strategy that reads both")
struct MixedDatesTests {
  private static let json = #"{"a": "2012-06-12T20:30:03Z", "b": 1339533003}"#

  /// The Swift of the fix, as printed.
  private static let custom =
    "decoder.dateDecodingStrategy = .custom { decoder in let value = try "
    + "decoder.singleValueContainer(); if let seconds = try? value.decode(Double.self) { "
    + "return Date(timeIntervalSince1970: seconds) }; return try Date(value.decode("
    + "String.self), strategy: .iso8601) }"

  @Test("under .iso8601 and under .secondsSince1970 alike, no strategy is proposed")
  func bothStrategies() {
    let iso = ScriptRun(["model M { a: Date; b: Date }", "decode M \(Self.json)"]).error
    #expect(
      iso == """
        error: b is a Date, read as an ISO 8601 string, but the JSON writes dates both as \
        numbers and as ISO 8601 strings
          in Swift: DecodingError.typeMismatch at b
          path: b
          expected: an ISO 8601 string (dateDecodingStrategy = .iso8601) — found: a number \
        1339533003
          dates as numbers: first at b; as ISO 8601 strings: first at a
          one strategy reads one form: --dates seconds and --dates iso8601 each fail on the \
        other
          fix: in Swift, read both: \(Self.custom)
          fix: or, where the JSON is yours, write every date one way

        """)
    let seconds = ScriptRun([
      "model M { a: Date; b: Date }", "decode M --dates seconds \(Self.json)",
    ]).error
    #expect(seconds.hasPrefix("error: a is a Date, read as a number of seconds, but the JSON "))
    #expect(seconds.contains("  fix: in Swift, read both: \(Self.custom)\n"))
    #expect(!seconds.contains("fix: read ISO 8601 dates"))
  }

  @Test("under .deferredToDate, numbers are read as seconds since 2001, as that strategy does")
  func deferred() {
    let error = ScriptRun([
      "model M { a: Date; b: Date }", "decode M --dates deferred \(Self.json)",
    ]).error
    #expect(
      error.hasPrefix(
        "error: a is a Date, read as a number of seconds since 2001, but the JSON writes dates"))
    #expect(
      error.contains(
        Self.custom.replacingOccurrences(
          of: "timeIntervalSince1970", with: "timeIntervalSinceReferenceDate")))
  }

  @Test("dates in arrays of nested models are found too")
  func nested() {
    let error = ScriptRun([
      "model N { at: Date }", "model M { a: Date; n: [N] }",
      #"decode M --dates seconds {"a": 5, "n": [{"at": 7}, {"at": "2012-06-12T20:30:03Z"}]}"#,
    ]).error
    #expect(
      error.contains("  dates as numbers: first at a; as ISO 8601 strings: first at n[1].at\n"))
  }

  @Test("dates in one form keep the fix of the other strategy")
  func oneForm() {
    let error = ScriptRun(["model M { a: Date }", #"decode M {"a": 3}"#]).error
    #expect(
      error.hasSuffix("decode with --dates seconds (dateDecodingStrategy = .secondsSince1970)\n"))
  }

  @Test(
    "the custom strategy compiles and reads both forms",
    .enabled(if: SwiftCompiler.path != nil, "no swiftc on PATH or beside swift: skipped"))
  func compiles() throws {
    let compiler = try #require(SwiftCompiler.path)
    let source = """
      import Foundation
      struct M: Decodable { var a: Date; var b: Date }
      let decoder = JSONDecoder()
      \(Self.custom)
      let m = try decoder.decode(M.self, from: Data(#"\(Self.json)"#.utf8))
      print(m.a == m.b)
      """
    #expect(try SwiftCompiler.run(source, compiler: compiler, moduleName: "mixed") == "true\n")
  }
}
