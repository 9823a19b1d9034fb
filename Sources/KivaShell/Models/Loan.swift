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

  /// Creates a loan from its parts; the optional details default to absent.
  public init(
    id: Int, name: String, country: String, town: String? = nil, use: String, amount: Int,
    sector: String, activity: String, status: String = "fundraising", postedDate: Date? = nil
  ) {
    self.id = id
    self.name = name
    self.country = country
    self.town = town
    self.use = use
    self.amount = amount
    self.sector = sector
    self.activity = activity
    self.status = status
    self.postedDate = postedDate
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    use = try container.decode(String.self, forKey: .use)
    amount = try container.decode(Int.self, forKey: .amount)
    sector = try container.decode(String.self, forKey: .sector)
    activity = try container.decode(String.self, forKey: .activity)
    status = try container.decode(String.self, forKey: .status)
    fundedAmount = try container.decodeIfPresent(Int.self, forKey: .fundedAmount)
    basketAmount = try container.decodeIfPresent(Int.self, forKey: .basketAmount)
    borrowerCount = try container.decodeIfPresent(Int.self, forKey: .borrowerCount)
    lenderCount = try container.decodeIfPresent(Int.self, forKey: .lenderCount)
    partnerID = try container.decodeIfPresent(Int.self, forKey: .partnerID)
    postedDate = try? container.decodeIfPresent(Date.self, forKey: .postedDate)
    plannedExpirationDate = try? container.decodeIfPresent(
      Date.self, forKey: .plannedExpirationDate)

    // Newer responses carry `themes: [String]`, older ones `theme: String`.
    if let themes = try container.decodeIfPresent([String].self, forKey: .themes) {
      self.themes = themes
    } else if let theme = try container.decodeIfPresent(String.self, forKey: .theme) {
      themes = [theme]
    }
    tags = try container.decodeIfPresent([Tag].self, forKey: .tags)?.map(\.name)

    let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
    country = try location.decode(String.self, forKey: .country)
    countryCode = try location.decodeIfPresent(String.self, forKey: .countryCode)
    town = try location.decodeIfPresent(String.self, forKey: .town)
    if location.contains(.geo) {
      let geo = try location.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
      geoPairs = try geo.decodeIfPresent(String.self, forKey: .pairs)
    }
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
