import Testing

@testable import KivaShell

/// `stats by` in a collection with no field to group by: one error, with or without a
/// field after `by`, its caret under the word typed last.
@Suite("stats by where nothing can be grouped")
struct StatsByTests {
  @Test("'stats by' and 'stats by FIELD' in categories say why, under 'by' or the field")
  func notApplicable() {
    let sink = CapturingSink()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: sink),
      options: Shell.Options(interactive: true))
    _ = shell.run(reader: ArrayLineReader(["use categories", "stats by", "stats by x"]))
    let error =
      "error: 'stats by' applies to loans, landmarks and restaurants — categories have no "
      + "field to group by\n"
    // After the 12 columns of "categories> ": "by" at column 6, "x" at column 9.
    #expect(
      sink.error
        == String(repeating: " ", count: 18) + "^~\n" + error
        + String(repeating: " ", count: 21) + "^\n" + error)
  }

  @Test("spellings that fold alike are one group, named by the commonest")
  func spellingsMerged() {
    let groups = StatsReport<Loan>.mergingSpellings([
      "Kenya": (2, 200), "KENYA": (1, 50), "kenya": (2, 10), "Côte d'Ivoire": (1, 5),
      "Cote D’Ivoire": (3, 7), "Peru": (1, 1),
    ])
    let byName = Dictionary(uniqueKeysWithValues: groups.map { ($0.key, $0.value) })
    #expect(byName.keys.sorted() == ["Cote D’Ivoire", "Kenya", "Peru"])
    #expect(byName["Kenya"]?.count == 5)
    #expect(byName["Kenya"]?.sum == 260)
    #expect(byName["Cote D’Ivoire"]?.count == 4)
  }
}
