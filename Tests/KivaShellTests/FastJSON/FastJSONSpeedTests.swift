import Foundation
import Testing

@testable import KivaShell

@Suite("FastJSON on Kiva-shaped data")
struct FastJSONSpeedTests {
  static func snapshot() throws -> Data {
    try FastJSONFixtureTests.fixture("newest-2012-06-12.json")
  }

  @Test("generated loans decode to the same store as with JSONDecoder")
  func generatedLoans() throws {
    let data = try FastJSONKivaData.response(loans: 3_000, snapshot: try Self.snapshot())
    var fast = FastJSONDecoder()
    fast.dateDecodingStrategy = .iso8601
    let expected = try LoanStore.makeDecoder().decode(LoanStore.self, from: data)
    let store = try fast.decode(LoanStore.self, from: data)
    #expect(store.loans.count == 3_000)
    #expect(store.loans == expected.loans)
    #expect(store.skipped == expected.skipped)
    #expect(store.paging == expected.paging)
  }
}
