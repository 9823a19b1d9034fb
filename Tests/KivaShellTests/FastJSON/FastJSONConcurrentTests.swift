import Foundation
import Testing

@testable import KivaShell

/// Decoding the loans in chunks on several threads gives what decoding them one by one
/// gives: the same loans in the same order, the same skipped loans with the same
/// reasons, and the same error when one loan holds bytes that cannot be read.
@Suite("FastJSON: loans decoded side by side")
struct FastJSONConcurrentTests {
  static let loanCount = 3_000
  /// The id of the first generated loan; the others follow one by one.
  static let firstID = 1_000_000

  struct EditNotFound: Error {
    var loan: Int
    var text: String
  }

  /// A generated response of `loanCount` loans (about a dozen chunks) with `edits`
  /// applied to the loans at the given positions: each edit replaces the first
  /// occurrence of `from` within that loan.
  static func response(
    edits: [(loan: Int, from: String, to: String)], everywhere: (from: String, to: String)? = nil
  ) throws -> Data {
    let snapshot = try FastJSONFixtureTests.fixture("newest-2012-06-12.json")
    var text = String(
      decoding: try FastJSONKivaData.response(loans: loanCount, snapshot: snapshot), as: UTF8.self)
    for edit in edits.sorted(by: { $0.loan > $1.loan }) {
      let marker = #"{"id":\#(firstID + edit.loan),"#
      guard let start = text.range(of: marker, options: .backwards)?.lowerBound,
        let range = text.range(of: edit.from, range: start..<text.endIndex)
      else { throw EditNotFound(loan: edit.loan, text: edit.from) }
      text.replaceSubrange(range, with: edit.to)
    }
    if let everywhere {
      text = text.replacingOccurrences(of: everywhere.from, with: everywhere.to)
    }
    return Data(text.utf8)
  }

  /// The store decoded one loan after another, or the error.
  static func oneByOne(_ data: Data) -> String {
    describe { try decoder.decode(LoanStore.self, from: data) }
  }

  /// The store decoded in chunks side by side, or the error.
  static func sideBySide(_ data: Data) -> String {
    describe { try LoanStore.decodeConcurrently(data, with: decoder) }
  }

  static var decoder: FastJSONDecoder {
    var decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  static func describe(_ decode: () throws -> LoanStore) -> String {
    do {
      let store = try decode()
      return "\(store.loans.count) loans \(store.loans.map(\.id))\n\(store.loans)\n"
        + "\(store.skipped)\n\(String(describing: store.paging))"
    } catch {
      return "error: \(error)"
    }
  }

  @Test("the generated loans' ids count up from firstID, so edits find their loan")
  func idsAreSequential() throws {
    let store = try Self.decoder.decode(LoanStore.self, from: try Self.response(edits: []))
    #expect(store.loans.map(\.id) == Array(Self.firstID..<Self.firstID + Self.loanCount))
  }

  @Test("every loan good")
  func allGood() throws {
    let data = try Self.response(edits: [])
    let result = Self.sideBySide(data)
    #expect(result.hasPrefix("\(Self.loanCount) loans"))
    #expect(result == Self.oneByOne(data))
  }

  @Test("bad loans in several chunks, at chunk edges and next to each other")
  func badLoans() throws {
    let positions = [0, 1, 255, 256, 257, 1_000, 1_001, 2_047, 2_999]
    let data = try Self.response(
      edits: positions.map { ($0, #""loan_amount":"#, #""loan_amount":"x","old":"#) })
    let result = Self.sideBySide(data)
    #expect(result.hasPrefix("\(Self.loanCount - positions.count) loans"))
    #expect(result.contains("SkippedLoan(index: 2999"))
    #expect(result == Self.oneByOne(data))
  }

  @Test("every loan bad")
  func allBad() throws {
    let data = try Self.response(edits: [], everywhere: (#""name":"#, #""nom":"#))
    let result = Self.sideBySide(data)
    #expect(result.hasPrefix("0 loans"))
    #expect(result == Self.oneByOne(data))
  }

  @Test("an unreadable string late in the array skips its loan, as it does one by one")
  func unreadableString() throws {
    let data = try Self.response(edits: [
      (10, #""loan_amount":"#, #""loan_amount":"x","old":"#),
      (2_500, #""name":""#, #""name":"\x"#),
      (2_900, #""name":""#, #""name":"\x"#),
    ])
    let result = Self.sideBySide(data)
    #expect(result.hasPrefix("\(Self.loanCount - 3) loans"))
    #expect(result.contains("SkippedLoan(index: 2900, reason: \"loans[2900].name: a string escape"))
    #expect(result == Self.oneByOne(data))
  }

  @Test("no loans array, or not an array: the same errors as init(from:)")
  func notShapedLikeLoans() throws {
    for text in [#"{"loans":{}}"#, #"{"paging":{}}"#, "[]", "17", #"{"loans":[]}"#] {
      let data = Data(text.utf8)
      #expect(Self.sideBySide(data) == Self.oneByOne(data), "\(text)")
    }
  }

  @Test("chunk starts: every stride-th element, whatever the elements' kinds and sizes")
  func elementStarts() throws {
    let text = #"[1, {"a":[2,{}]}, [], "s", [[3]], {}, null, true, -4.5, {"b":"c"}, [5]]"#
    let starts = try FastJSONDecoder().withDocument(Data(text.utf8)) { parsed in
      let document = parsed.document
      // Element i's start, the naive way: one index(after:) per element from the first.
      var every: [UInt32] = [UInt32(FastJSONTape.arrayWords)]
      for _ in 1..<Int(document.tape[1]) { every.append(document.index(after: every.last ?? 0)) }
      for stride in 1...12 {
        #expect(
          document.elementStarts(of: 0, every: stride)
            == every.enumerated().filter { $0.offset % stride == 0 }.map(\.element),
          "every \(stride)")
      }
      return every
    }
    #expect(starts?.count == 11)
    let empty = try FastJSONDecoder().withDocument(Data("[]".utf8)) {
      $0.document.elementStarts(of: 0, every: 3)
    }
    #expect(empty == [])
  }
}
