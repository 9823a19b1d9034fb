import Testing

@testable import KivaShell

/// Foundation reports a date `.iso8601` rejects at the path of the struct being decoded,
/// not at the date; the explanation finds the date through the model.
@Suite("A date .iso8601 rejects is found and named")
struct BadDateTests {
  private static let date = "2012-06-12T20:30:03Z"

  /// The fixes for a date with white space before it.
  private static let trimFixes = """
      fix: the string starts with white space, which .iso8601 does not skip: trim it in the \
    JSON ("2012-06-12T20:30:03Z")
      fix: or decode it as a String and parse it trimmed: ISO8601DateFormatter().date(from: \
    text.trimmingCharacters(in: .whitespacesAndNewlines))

    """

  @Test("white space before a date: the field, its value and the trim fix")
  func leadingSpace() {
    let run = ScriptRun(["model D { d: Date }", #"decode D {"d": " \#(Self.date)"}"#])
    #expect(
      run.error == """
        error: d: " 2012-06-12T20:30:03Z" is not an ISO 8601 date
          in Swift: DecodingError.dataCorrupted at the top level
          path: d
          expected: an ISO 8601 date like "2012-06-12T20:30:03Z" — found: a string \
        " 2012-06-12T20:30:03Z"

        """ + Self.trimFixes)
  }

  @Test("a tab before a date, in an element of an array")
  func tabInAnArray() {
    let run = ScriptRun([
      "model D { d: Date }", "model Ds { items: [D] }",
      #"decode Ds {"items": [{"d": "\#(Self.date)"}, {"d": "\#(Self.date)"}, "#
        + #"{"d": "\t\#(Self.date)"}]}"#,
    ])
    #expect(
      run.error.hasPrefix(#"error: items[2].d: "\t2012-06-12T20:30:03Z" is not an ISO 8601 date"#))
    #expect(run.error.contains("  path: items[2].d\n"))
    #expect(run.error.hasSuffix(Self.trimFixes))
  }

  @Test("a date that is no date at all is explained as before")
  func notADate() {
    let run = ScriptRun(["model D { d: Date }", #"decode D {"d": "x\#(Self.date)"}"#])
    #expect(
      run.error == """
        error: d: "x2012-06-12T20:30:03Z" is not an ISO 8601 date
          in Swift: DecodingError.dataCorrupted at the top level
          path: d
          expected: an ISO 8601 date like "2012-06-12T20:30:03Z" — found: a string \
        "x2012-06-12T20:30:03Z"
          fix: correct the date in the JSON
          fix: or let a bad date give nil: make the property optional (var d: Date?) and \
        decode it with try?: d = try? container.decodeIfPresent(Date.self, forKey: .d)

        """)
  }

  @Test("the try? fix compiles: as is for an optional, from the nested container it is in")
  func tryFix() {
    let optional = ScriptRun(["model D { d: Date? }", #"decode D {"d": "x"}"#])
    #expect(
      optional.error.hasSuffix(
        "  fix: or let a bad date give nil: d = try? container.decodeIfPresent(Date.self, "
          + "forKey: .d)\n"))
    let nested = ScriptRun([
      "model D { d: Date = info.when }", #"decode D {"info": {"when": "x"}}"#,
    ])
    #expect(
      nested.error.hasSuffix(
        "  fix: or let a bad date give nil: make the property optional (var d: Date?) and "
          + "decode it with try?: d = try? info.decodeIfPresent(Date.self, forKey: .d)\n"))
  }

  @Test("the model says which key holds the date: not a String field's text")
  func dateFieldOfTheModel() {
    let run = ScriptRun([
      "model E { note: String; when: Date }",
      #"decode E {"note": "x", "when": " \#(Self.date)"}"#,
    ])
    #expect(
      run.error.hasPrefix(#"error: when: " 2012-06-12T20:30:03Z" is not an ISO 8601 date"#))
  }

  @Test("the first of several bad dates in the model's order, and its property")
  func firstInFieldOrder() {
    let run = ScriptRun([
      "model P { b: Date?; posted: Date = a_date }",
      #"decode P {"a_date": " \#(Self.date)", "b": "soon"}"#,
      #"decode P {"a_date": " \#(Self.date)", "b": "\#(Self.date)"}"#,
    ])
    let errors = run.error.components(separatedBy: "error: ")
    #expect(errors.count == 3)
    #expect(errors.dropFirst().first?.hasPrefix(#"b: "soon" is not an ISO 8601 date"#) == true)
    #expect(errors.last?.hasPrefix(#"a_date: " 2012-06-12T20:30:03Z" is not"#) == true)
    #expect(errors.last?.contains("  JSON key: 'a_date' (the property is 'posted')\n") == true)
  }

  @Test("a date inside a nested object and in an array of dates")
  func nestedAndArray() {
    let run = ScriptRun([
      "model H { when: Date = loc.at; all: [Date] }",
      #"decode H {"loc": {"at": " \#(Self.date)"}, "all": []}"#,
      #"decode H {"loc": {"at": "\#(Self.date)"}, "all": ["\#(Self.date)", "\n\#(Self.date)"]}"#,
    ])
    #expect(run.error.contains(#"error: loc.at: " 2012-06-12T20:30:03Z" is not an ISO 8601 date"#))
    #expect(run.error.contains("  JSON key: 'at' (the property is 'when')\n"))
    #expect(
      run.error.contains(#"error: all[1]: "\n2012-06-12T20:30:03Z" is not an ISO 8601 date"#))
  }

  @Test("what .iso8601 reads: white space after a date, not before it")
  func whatISO8601Reads() {
    #expect(ExplainingContext.isISODate(Self.date))
    #expect(ExplainingContext.isISODate(Self.date + " "))
    #expect(!ExplainingContext.isISODate(" " + Self.date))
    #expect(!ExplainingContext.isISODate("\t" + Self.date))
    let trailing = ScriptRun(["model D { d: Date }", #"decode D {"d": "\#(Self.date) "}"#])
    #expect(trailing.error.isEmpty)
  }
}
