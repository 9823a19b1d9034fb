import Foundation

/// `Loan` as a model kivash was not built for: the same fields and the same
/// `init(from:)`, line for line, with key types of its own. The fast decoder has copies
/// specialized for `Loan`'s keys; this model takes its generic path, the one every other
/// `Codable` model takes, so the report shows both.
struct UnfamiliarLoan: Decodable {
  var id: Int
  var name: String
  var country: String
  var countryCode: String?
  var town: String?
  var geoPairs: String?
  var use: String
  var amount: Int
  var fundedAmount: Int?
  var basketAmount: Int?
  var sector: String
  var activity: String
  var status: String
  var postedDate: Date?
  var plannedExpirationDate: Date?
  var themes: [String]?
  var tags: [String]?
  var borrowerCount: Int?
  var lenderCount: Int?
  var partnerID: Int?

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

  struct Tag: Decodable {
    var name: String
  }

  init(from decoder: any Decoder) throws {
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
}

/// A `loans/newest.json` response of `UnfamiliarLoan`s.
struct UnfamiliarLoanStore: Decodable {
  var loans: [UnfamiliarLoan]
}
