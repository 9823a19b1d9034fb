import Foundation
import Testing

@testable import KivaShell

/// Valid JSON that `JSONDecoder` cannot read as a loan's value (`2.5` for an `Int`, half
/// a surrogate pair for a `String`) skips that loan alone, with the value named, through
/// either decoder — not the whole response as "not valid JSON".
@Suite("Loans with a value no decoder can read")
struct LoanRefusalTests {
  private static let loan = #"""
    {"id": ID, "name": NAME, "use": "x", "loan_amount": AMOUNT, "sector": "s",
     "activity": "a", "status": "fundraising", "location": {"country": "Kenya", "town": TOWN}}
    """#

  /// A response of three loans, the middle one with `edits` made.
  private static func response(_ edits: [String: String]) -> Data {
    func loan(_ id: Int, _ edits: [String: String]) -> String {
      var text = Self.loan.replacingOccurrences(of: "ID", with: "\(id)")
      for (field, value) in ["NAME": #""n""#, "AMOUNT": "100", "TOWN": #""t""#] {
        text = text.replacingOccurrences(of: field, with: edits[field] ?? value)
      }
      return text
    }
    return Data(#"{"loans": [\#(loan(1, [:])), \#(loan(2, edits)), \#(loan(3, [:]))]}"#.utf8)
  }

  @Test(
    "the loan is skipped with its value named, the same by both decoders",
    arguments: [
      (
        ["AMOUNT": "2.5"],
        "loans[1].loan_amount: 2.5 is not a whole number, and Int takes only whole numbers"
      ),
      (
        ["AMOUNT": "99999999999999999999"],
        "loans[1].loan_amount: a whole number beyond Int (-9223372036854775808…9223372036854775807)"
      ),
      (
        ["AMOUNT": "9223372036854775807.5"],
        "loans[1].loan_amount: 9223372036854775807.5 is not a whole number, and Int takes only "
          + "whole numbers"
      ),
      (["AMOUNT": "1e400"], "loans[1].loan_amount: a number beyond any Swift number type"),
      (
        ["NAME": #""\ud800""#],
        #"loans[1].name: a string escape that is not text (half a \u surrogate pair?)"#
      ),
      (
        ["TOWN": #""\udc00x""#],
        #"loans[1].location.town: a string escape that is not text (half a \u surrogate pair?)"#
      ),
    ])
  func skipped(edits: [String: String], reason: String) throws {
    for decoder in [Settings.Decoder.fast, .foundation] {
      let store = try LoanLoader.decode(Self.response(edits), from: "'x'", decoder: decoder)
      #expect(store.loans.map(\.id) == [1, 3], "\(decoder)")
      #expect(store.skipped == [SkippedLoan(index: 1, reason: reason)], "\(decoder)")
    }
  }

  @Test("the value named is the one init(from:) meets first, tags and geo included")
  func order() throws {
    let base = #"""
      {"loans": [{"id": 1, "name": NAME, "use": "x", "loan_amount": AMOUNT, "sector": "s",
       "activity": "a", "status": "fundraising", "tags": [{"name": "#a"}, {"name": TAG}],
       "location": {"country": "Kenya", "geo": {"pairs": PAIRS}}}]}
      """#
    let cases: [([String: String], String)] = [
      (["NAME": #""\ud800""#, "AMOUNT": "2.5"], "loans[0].name: a string escape"),
      (["TAG": #""\ud800""#], "loans[0].tags[1].name: a string escape"),
      (["PAIRS": #""\udc00""#], "loans[0].location.geo.pairs: a string escape"),
    ]
    for (edits, reason) in cases {
      var text = base
      for (field, value) in ["NAME": #""n""#, "AMOUNT": "1", "TAG": ##""#b""##, "PAIRS": #""1 2""#]
      {
        text = text.replacingOccurrences(of: field, with: edits[field] ?? value)
      }
      for decoder in [Settings.Decoder.fast, .foundation] {
        do {
          // The only loan is skipped: the response has none.
          _ = try LoanLoader.decode(Data(text.utf8), from: "'x'", decoder: decoder)
          Issue.record("\(decoder): the loan decoded")
        } catch {
          #expect(error.message.contains("(first: \(reason)"), "\(decoder): \(error.message)")
        }
      }
    }
  }

  @Test("a whole number written as 100.0 or 1e2 is read, as JSONDecoder reads it")
  func wholeNumbersRead() throws {
    for amount in ["100.0", "1e2"] {
      let store = try LoanLoader.decode(
        Self.response(["AMOUNT": amount]), from: "'x'", decoder: .fast)
      #expect(store.loans.map(\.amount) == [100, 100, 100])
      #expect(store.skipped.isEmpty)
    }
  }
}
