import Foundation
import Testing

@testable import KivaShell

/// kivash's own records: the fast encoder gives `JSONEncoder`'s bytes, and takes every
/// one of them itself (none falls back).
@Suite("FastJSONEncoder: kivash's records")
struct FastJSONEncoderRecordTests {
  private static let session = Session.withBuiltInData()

  /// Every loan that the loan fixtures decode to.
  static let fixtureLoans: [(file: String, loans: [Loan])] = {
    let folders = [TestPaths.fixtures, URL(fileURLWithPath: "/work/shared/fixtures/kiva")]
    var result: [(String, [Loan])] = []
    for folder in folders {
      let files =
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
      for file in files where file.hasSuffix(".json") {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
          let store = try? LoanLoader.decode(data, from: "'\(file)'"),
          !store.loans.isEmpty
        else { continue }
        result.append((file, store.loans))
      }
    }
    return result
  }()

  @Test("the built-in loans, landmarks, restaurants and categories")
  func builtIn() {
    let session = Self.session
    #expect(!session.loans.records.isEmpty && !session.landmarks.records.isEmpty)
    #expect(!session.restaurants.records.isEmpty && !session.categories.records.isEmpty)
    for loan in session.loans.records { EncoderDifferential.expectSame(loan, "loan \(loan.id)") }
    for landmark in session.landmarks.records { EncoderDifferential.expectSame(landmark) }
    for restaurant in session.restaurants.records { EncoderDifferential.expectSame(restaurant) }
    for category in session.categories.records { EncoderDifferential.expectSame(category) }
    EncoderDifferential.expectSame(session.loans.records, "all loans as one array")
  }

  @Test("the loans of every loan fixture that decodes")
  func fixtures() {
    #expect(Self.fixtureLoans.count >= 4, "\(Self.fixtureLoans.map(\.file))")
    for (file, loans) in Self.fixtureLoans {
      for loan in loans { EncoderDifferential.expectSame(loan, "\(file) loan \(loan.id)") }
    }
  }

  @Test("the landmark and restaurant fixtures")
  func otherFixtures() throws {
    let landmarks = try JSONDecoder().decode(
      [Landmark].self,
      from: Data(contentsOf: TestPaths.fixtures.appending(path: "landmarkData.json")))
    let restaurants = try JSONDecoder().decode(
      [Restaurant].self,
      from: Data(contentsOf: TestPaths.fixtures.appending(path: "restaurants.json")))
    #expect(!landmarks.isEmpty && !restaurants.isEmpty)
    EncoderDifferential.expectSame(landmarks)
    EncoderDifferential.expectSame(restaurants)
  }

  @Test("a loan with every optional absent, and with empty lists")
  func sparseLoan() {
    var loan = Loan(
      id: 1, name: "", country: "", use: "", amount: 0, sector: "", activity: "")
    EncoderDifferential.expectSame(loan, "bare")
    loan.themes = []
    loan.tags = []
    loan.geoPairs = "1 2"
    loan.countryCode = "KE"
    loan.postedDate = Date(timeIntervalSince1970: 1_339_533_003)
    EncoderDifferential.expectSame(loan, "empty lists")
  }

  @Test("list --json and export go through the fast path, with JSONEncoder's bytes")
  func rendering() throws {
    let loans = Self.session.loans.records
    let encoder = RecordJSONEncoder(pretty: false)
    let lines = try loans.map { loan in
      var bytes: [UInt8] = []
      try encoder.append(loan, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    #expect(encoder.fallbackCount == 0)
    let expected = loans.map { EncoderDifferential.foundation($0, pretty: false) ?? "" }
    #expect(lines == expected)
    #expect(
      try Streamed.jsonArray(loans) == "[\n" + expected.joined(separator: ",\n") + "\n]")
    #expect(RecordRendering.json(loans[0]) == expected[0])
    #expect(try Streamed.jsonArray([Loan]()) == "[]")
  }
}

extension FastJSONEncoderRecordTests {
  @Test("one encoder for every fixture loan: remembered key orders stay right")
  func oneEncoderForMany() throws {
    let loans = Self.fixtureLoans.flatMap(\.loans) + Self.session.loans.records
    for pretty in [false, true] {
      let encoder = RecordJSONEncoder(pretty: pretty)
      for loan in loans + loans.reversed() {
        var bytes: [UInt8] = []
        try encoder.append(loan, to: &bytes)
        #expect(
          String(decoding: bytes, as: UTF8.self)
            == EncoderDifferential.foundation(loan, pretty: pretty), "loan \(loan.id)")
      }
      #expect(encoder.fallbackCount == 0)
    }
  }

  @Test("one encoder for objects of one key type with ever new keys")
  func manyShapes() throws {
    let encoder = RecordJSONEncoder(pretty: false)
    for round in 0..<40 {
      let object = Dictionary(
        uniqueKeysWithValues: (0...(round % 7)).map { ("k\(($0 * 7 + round) % 11)", $0) })
      var bytes: [UInt8] = []
      try encoder.append(object, to: &bytes)
      #expect(
        String(decoding: bytes, as: UTF8.self)
          == EncoderDifferential.foundation(object, pretty: false), "round \(round)")
    }
    #expect(encoder.fallbackCount == 0)
  }
}
