import Foundation

/// One Kiva loan, decoded from the v1 API the way the tutorial does it: `CodingKeys`
/// rename the JSON keys (`amount ← loan_amount`) and a nested container reaches into
/// `location` for the country and town.
///
/// Keys the real API leaves out when empty are optional.
public struct Loan: Codable, Equatable, Sendable, Identifiable {
  public var id: Int
  public var name: String
  public var country: String
  public var countryCode: String?
  public var town: String?
  public var geoPairs: String?
  public var use: String
  public var amount: Int
  public var fundedAmount: Int?
  public var basketAmount: Int?
  public var sector: String
  public var activity: String
  public var status: String
  /// When the loan was posted; nil when the key is missing or the date is malformed
  /// (real responses have carried malformed dates, and one must not sink a page).
  public var postedDate: Date?
  public var plannedExpirationDate: Date?
  public var themes: [String]?
  public var tags: [String]?
  public var borrowerCount: Int?
  public var lenderCount: Int?
  public var partnerID: Int?

  enum CodingKeys: String, CodingKey {
    case id, name, use, sector, activity, status, location, themes, theme, tags
    case amount = "loan_amount"
    case fundedAmount = "funded_amount"
    case basketAmount = "basket_amount"
    case postedDate = "posted_date"
    case plannedExpirationDate = "planned_expiration_date"
    case borrowerCount = "borrower_count"
    case lenderCount = "lender_count"
    case partnerID = "partner_id"
  }

  enum LocationKeys: String, CodingKey {
    case country, town, geo
    case countryCode = "country_code"
  }

  enum GeoKeys: String, CodingKey {
    case pairs
  }

  struct Tag: Codable, Equatable {
    var name: String

    // Spelled out (as synthesized) so that the fast decoder can name them.
    enum CodingKeys: String, CodingKey {
      case name
    }
  }

}

// The initializers live in an extension so that the struct keeps its implicit memberwise
// initializer, which `init(from:)` ends with: with Swift 6.3, an initializer that sets
// the fields of `self` one by one copies the whole loan out at its end (a retain and a
// release of every string, about 1.5% of a big fetch); the implicit one does not.
extension Loan {
  /// Creates a loan from its parts; the optional details default to absent.
  public init(
    id: Int, name: String, country: String, town: String? = nil, use: String, amount: Int,
    sector: String, activity: String, status: String = "fundraising", postedDate: Date? = nil
  ) {
    // The memberwise initializer (`countryCode` tells it from this one).
    self.init(
      id: id, name: name, country: country, countryCode: nil, town: town, use: use,
      amount: amount, sector: sector, activity: activity, status: status,
      postedDate: postedDate)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(Int.self, forKey: .id)
    let name = try container.decode(String.self, forKey: .name)
    let use = try container.decode(String.self, forKey: .use)
    let amount = try container.decode(Int.self, forKey: .amount)
    let sector = try container.decode(String.self, forKey: .sector)
    let activity = try container.decode(String.self, forKey: .activity)
    let status = try container.decode(String.self, forKey: .status)
    let fundedAmount = try container.decodeIfPresent(Int.self, forKey: .fundedAmount)
    let basketAmount = try container.decodeIfPresent(Int.self, forKey: .basketAmount)
    let borrowerCount = try container.decodeIfPresent(Int.self, forKey: .borrowerCount)
    let lenderCount = try container.decodeIfPresent(Int.self, forKey: .lenderCount)
    let partnerID = try container.decodeIfPresent(Int.self, forKey: .partnerID)
    let postedDate = try? container.decodeIfPresent(Date.self, forKey: .postedDate)
    let plannedExpirationDate = try? container.decodeIfPresent(
      Date.self, forKey: .plannedExpirationDate)

    // Newer responses carry `themes: [String]`, older ones `theme: String`.
    var themes: [String]?
    if let list = try container.decodeIfPresent([String].self, forKey: .themes) {
      themes = list
    } else if let theme = try container.decodeIfPresent(String.self, forKey: .theme) {
      themes = [theme]
    }
    let tags = try container.decodeIfPresent([Tag].self, forKey: .tags)?.map(\.name)

    let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
    let country = try location.decode(String.self, forKey: .country)
    let countryCode = try location.decodeIfPresent(String.self, forKey: .countryCode)
    let town = try location.decodeIfPresent(String.self, forKey: .town)
    var geoPairs: String?
    if location.contains(.geo) {
      let geo = try location.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
      geoPairs = try geo.decodeIfPresent(String.self, forKey: .pairs)
    }

    self.init(
      id: id, name: name, country: country, countryCode: countryCode, town: town,
      geoPairs: geoPairs, use: use, amount: amount, fundedAmount: fundedAmount,
      basketAmount: basketAmount, sector: sector, activity: activity, status: status,
      postedDate: postedDate ?? nil, plannedExpirationDate: plannedExpirationDate ?? nil,
      themes: themes, tags: tags, borrowerCount: borrowerCount, lenderCount: lenderCount,
      partnerID: partnerID)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(fundedAmount, forKey: .fundedAmount)
    try container.encodeIfPresent(basketAmount, forKey: .basketAmount)
    try container.encode(activity, forKey: .activity)
    try container.encode(sector, forKey: .sector)
    try container.encodeIfPresent(themes, forKey: .themes)
    try container.encode(use, forKey: .use)
    var location = container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
    try location.encodeIfPresent(countryCode, forKey: .countryCode)
    try location.encode(country, forKey: .country)
    try location.encodeIfPresent(town, forKey: .town)
    if let geoPairs {
      var geo = location.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
      try geo.encode(geoPairs, forKey: .pairs)
    }
    try container.encodeIfPresent(partnerID, forKey: .partnerID)
    try container.encodeIfPresent(postedDate, forKey: .postedDate)
    try container.encodeIfPresent(plannedExpirationDate, forKey: .plannedExpirationDate)
    try container.encode(amount, forKey: .amount)
    try container.encodeIfPresent(borrowerCount, forKey: .borrowerCount)
    try container.encodeIfPresent(lenderCount, forKey: .lenderCount)
    try container.encodeIfPresent(tags?.map(Tag.init(name:)), forKey: .tags)
  }
}
