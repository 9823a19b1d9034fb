import Foundation

/// A Kiva `loans/newest.json` response: `{"paging": {…}, "loans": […]}`.
///
/// Decoding is forgiving per loan: one bad loan is skipped and reported, so it
/// does not sink the other loans of the page — a value the decoder cannot read at all
/// (`2.5` for an `Int`) included.
public struct LoanStore: Decodable, Sendable {
  public var loans: [Loan]
  public var paging: Paging?
  /// The loans that could not be decoded, with why.
  public var skipped: [SkippedLoan]

  enum CodingKeys: String, CodingKey {
    case loans, paging
  }

  /// Creates a store from loans already decoded.
  public init(loans: [Loan], paging: Paging? = nil, skipped: [SkippedLoan] = []) {
    self.loans = loans
    self.paging = paging
    self.skipped = skipped
  }

  /// The decoder for Kiva responses: ISO 8601 dates.
  public static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    paging = try? container.decodeIfPresent(Paging.self, forKey: .paging)
    let loans = try container.decode(RecordArray<Loan>.self, forKey: .loans)
    self.loans = loans.elements
    self.skipped = loans.skipped
  }
}

/// A loan left out of a page because it could not be decoded.
public struct SkippedLoan: Equatable, Sendable {
  /// Its position in the `loans` array, from 0.
  public var index: Int
  /// Why, with the JSON path: `loans[3]: 'loan_amount' is missing`.
  public var reason: String
}
