import Foundation
import Testing

@testable import KivaShell

@Suite("Loan decoding")
struct LoanDecodingTests {
  private func decode(_ json: String) throws -> LoanStore {
    try LoanStore.makeDecoder().decode(LoanStore.self, from: Data(json.utf8))
  }

  private static let validLoan = """
    {"id": 7, "name": "Marème", "use": "buy fabric", "loan_amount": 450, "sector": "Clothing",
     "activity": "Tailoring", "status": "fundraising",
     "location": {"country": "Senegal", "country_code": "SN", "town": "Dakar",
                  "geo": {"pairs": "14.7 -17.4"}},
     "posted_date": "2012-06-12T20:30:03Z", "theme": "Green", "tags": [{"name": "#Woman Owned Biz"}]}
    """

  @Test("CodingKeys map loan_amount to amount; a nested container reaches location.country")
  func tutorialKeys() throws {
    let loan = try #require(try decode(#"{"loans": [\#(Self.validLoan)]}"#).loans.first)
    #expect(loan.amount == 450)
    #expect(loan.country == "Senegal")
    #expect(loan.countryCode == "SN")
    #expect(loan.town == "Dakar")
    #expect(loan.geoPairs == "14.7 -17.4")
    #expect(loan.postedDate == Date(timeIntervalSince1970: 1_339_533_003))
    #expect(loan.themes == ["Green"])
    #expect(loan.tags == ["#Woman Owned Biz"])
    #expect(loan.fundedAmount == nil)
  }

  @Test(
    "the built-in data is the real files, byte for byte",
    arguments: [
      ("newest-2012-06-12.json", BuiltInData.loans),
      ("landmarkData.json", BuiltInData.landmarks),
      ("restaurants.json", BuiltInData.restaurants),
    ])
  func builtInDataMatchesFixtures(file: String, data: Data) throws {
    #expect(data == (try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(file))))
  }

  @Test("the built-in landmarks and restaurants decode")
  func otherCollections() {
    let session = Session.withBuiltInData()
    #expect(session.landmarks.records.count == 12)
    #expect(
      session.landmarks.favorites.map(\.name) == [
        "Turtle Rock", "Chilkoot Trail", "St. Mary Lake",
      ])
    #expect(session.landmarks.records.first?.coordinates.latitude == 34.011286)
    #expect(session.restaurants.records.count == 21)
    #expect(session.restaurants.records.last?.type == "Thai")
    #expect(session.categories.records.map(\.name) == Category.presets.map(\.name))
  }

  @Test("the snapshot decodes into its 20 loans and paging")
  func snapshot() throws {
    let store = try LoanLoader.decode(BuiltInData.loans, from: "snapshot")
    #expect(store.loans.count == 20)
    #expect(store.skipped.isEmpty)
    #expect(store.paging == Paging(page: 1, total: 418_619, pageSize: 20, pages: 20_931))
    let stephen = try #require(store.loans.first { $0.name == "Stephen" })
    #expect(stephen.id == 436_762)
    #expect(stephen.town == nil)
    #expect(stephen.amount == 375)
    #expect(stephen.sector == "Retail")
    #expect(
      store.loans.filter { $0.amount < 500 }.map(\.name) == [
        "Stephen", "Ysabel", "Hamadi", "Anim", "Mwaniki",
      ])
  }

  @Test("a loan detail response decodes too")
  func detailResponse() throws {
    let data = try Data(
      contentsOf: TestPaths.fixtures.appendingPathComponent("loan-436753-2012.json"))
    let store = try LoanLoader.decode(data, from: "detail")
    #expect(store.loans.map(\.id) == [436_753])
    #expect(store.paging == nil)
  }

  @Test("one bad loan is skipped with its path; the others decode")
  func skipsBadLoan() throws {
    let broken = Self.validLoan.replacingOccurrences(of: #""loan_amount": 450,"#, with: "")
    let wrongType = Self.validLoan.replacingOccurrences(of: "450", with: #""lots""#)
    let nullName = Self.validLoan.replacingOccurrences(of: #""Marème""#, with: "null")
    let noCountry = Self.validLoan.replacingOccurrences(of: #""country": "Senegal","#, with: "")
    let json = """
      {"loans": [\(Self.validLoan), \(broken), 42, \(wrongType), \(nullName), \(noCountry)]}
      """
    let store = try decode(json)
    #expect(store.loans.count == 1)
    #expect(
      store.skipped.map(\.reason) == [
        "loans[1]: 'loan_amount' is missing",
        "loans[2]: expected an object, found a number",
        "loans[3].loan_amount: expected Int, found a string",
        "loans[4].name: expected String, found null",
        "loans[5].location: 'country' is missing",
      ])
  }

  @Test("a malformed date does not sink the loan")
  func malformedDate() throws {
    let json = Self.validLoan.replacingOccurrences(of: "2012-06-12T20:30:03Z", with: "2012-06-1X")
    let store = try decode(#"{"loans": [\#(json)]}"#)
    #expect(store.loans.count == 1)
    #expect(store.loans.first?.postedDate == nil)
  }

  @Test("a loan encodes back to the API's shape and decodes to the same value")
  func roundTrip() throws {
    let store = try LoanLoader.decode(BuiltInData.loans, from: "snapshot")
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(["loans": store.loans])
    #expect(try LoanStore.makeDecoder().decode(LoanStore.self, from: data).loans == store.loans)
  }

  @Test(
    "loader errors name the source and the problem",
    arguments: [
      (
        #"{"loans": [1,,]}"#,
        "'x.json' is not valid JSON: line 1, column 14: unexpected ',', expected a value"
      ),
      (#"{"lenders": []}"#, "'x.json' is not a Kiva loans response ('loans' is missing)"),
      (
        #"{"loans": [{"id": 1}]}"#,
        "no loan in 'x.json' could be decoded (first: loans[0]: 'name' is missing)"
      ),
      ("", "'x.json' is not valid JSON: line 1, column 1: the input is empty"),
    ])
  func loaderErrors(json: String, message: String) {
    #expect {
      try LoanLoader.decode(Data(json.utf8), from: "'x.json'")
    } throws: { error in
      (error as? ShellError)?.message == message
    }
  }
}
