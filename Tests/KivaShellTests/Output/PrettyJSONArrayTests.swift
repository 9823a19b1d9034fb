import Foundation
import Testing

@testable import KivaShell

/// `export` encodes record by record; the file must be what `JSONEncoder` writes for
/// the whole array.
@Suite("Pretty JSON, a record at a time")
struct PrettyJSONArrayTests {
  private static let session = Session.withBuiltInData()

  /// What `JSONEncoder` writes for the whole array (under `key` if given).
  private func whole<Record: Encodable>(_ records: [Record], key: String? = nil) throws -> String {
    let encoder = RecordRendering.jsonEncoder(pretty: true)
    let data = try key.map { try encoder.encode([$0: records]) } ?? encoder.encode(records)
    return String(decoding: data, as: UTF8.self)
  }

  private func pieces<Record: Encodable>(_ records: [Record], key: String? = nil) throws -> String {
    String(decoding: try Streamed.prettyJSON(records, underKey: key), as: UTF8.self)
  }

  private func expectSame<Record: Encodable>(_ records: [Record], key: String? = nil) throws {
    for count in [records.count, 1, 0] {
      let some = Array(records.prefix(count))
      #expect(try pieces(some, key: key) == whole(some, key: key), "\(count) \(Record.self)")
    }
  }

  @Test("the built-in loans under 'loans', and the other records as an array")
  func builtIn() throws {
    let session = Self.session
    #expect(session.loans.records.count == 20)
    try expectSame(session.loans.records, key: "loans")
    try expectSame(session.landmarks.records)
    try expectSame(session.restaurants.records)
    try expectSame(session.categories.records)
  }

  @Test("empty arrays and objects inside a record, and line breaks in its strings")
  func emptyInside() throws {
    var loan = SampleLoans.loans[0]
    loan.themes = []
    loan.tags = ["#Woman-Owned Business"]
    loan.use = "line one\nline two\t\"quoted\" / ★"
    try expectSame([loan, SampleLoans.loans[1]], key: "loans")
    #expect(try pieces([loan]).contains(#""themes" : [\#n\#n    ],"#))
  }

  @Test("a press forgotten once asked still stops every thread of a long export at once")
  func forgottenPress() {
    let loans = RecordTableTests.manyLoans(20_000)
    let (check, asked) = RecordTableTests.forgetful(pressAt: 3000)
    var written = 0
    #expect(throws: ShellError(.interrupted)) {
      try PrettyJSONArray().write(loans, underKey: "loans", interrupt: check) {
        written += $0.count
      }
    }
    #expect(asked() <= 3000 + ProcessInfo.processInfo.activeProcessorCount)
    // Nothing of the round that heard it: at most the rounds before, far from all.
    #expect(written < 3000 * 400)
  }

  @Test("Ctrl-C between records stops the export")
  func interrupted() {
    let loans = Array(repeating: SampleLoans.loans[0], count: 10)
    #expect(throws: ShellError(.interrupted)) {
      try Streamed.prettyJSON(
        loans, underKey: "loans", interrupt: InterruptedListingTests.pressed(after: 3))
    }
  }
}
