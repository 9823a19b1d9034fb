import Foundation
import Testing

@testable import KivaShell

@Suite("FastJSON fixtures decode as with JSONDecoder")
struct FastJSONFixtureTests {
  static let fixtureNames = [
    "all-bad-loans.json", "landmarkData.json", "loan-436753-2012.json", "malformed.json",
    "mareme-loans.json", "newest-2012-06-12.json", "not-loans.json", "one-bad-loan.json",
    "restaurants.json",
  ]

  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name))
  }

  @Test("every fixture, as every model, under every strategy", arguments: fixtureNames)
  func fixtures(name: String) throws {
    let data = try Self.fixture(name)
    for differential in FastJSONDifferential.all {
      differential.expectSame(LoanStore.self, data, name, describe: describeStore)
      differential.expectSame([Landmark].self, data, name)
      differential.expectSame([Restaurant].self, data, name)
      differential.expectSame([Loan].self, data, name)
      differential.expectSame(Loan.self, data, name)
      differential.expectSame(Paging.self, data, name)
      differential.expectSame([String: KeyedProbe].self, data, name)
      differential.expectSame(UnkeyedProbe.self, data, name)
    }
  }

  @Test("the fixtures list is complete")
  func fixturesListed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtures.path)
      .filter { $0.hasSuffix(".json") }
    #expect(files.sorted() == Self.fixtureNames)
  }

  @Test("the snapshot decodes into its 20 loans with dates")
  func snapshotValues() throws {
    var decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let store = try decoder.decode(LoanStore.self, from: try Self.fixture("newest-2012-06-12.json"))
    #expect(store.loans.count == 20)
    #expect(store.skipped.isEmpty)
    #expect(store.loans.first?.postedDate == Date(timeIntervalSince1970: 1_339_533_003))
    let expected = try LoanStore.makeDecoder().decode(
      LoanStore.self, from: try Self.fixture("newest-2012-06-12.json"))
    #expect(store.loans == expected.loans)
  }
}
