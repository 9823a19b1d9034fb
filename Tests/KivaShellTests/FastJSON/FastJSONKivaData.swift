import Foundation

/// Kiva-shaped test data of any size: the 20 loans of the 2012 snapshot, repeated with
/// distinct ids and varied amounts, dates, lender counts, themes and tags, written
/// compactly like the API's dumps (about 600 bytes a loan).
enum FastJSONKivaData {
  /// One loan of the snapshot: the fields the generated loans take from it.
  private struct Base {
    var name, activity, sector, use, countryCode, country, pairs: String
    var town: String?
    var partnerID: Int
  }

  private static let themes = [
    "Green", "Vulnerable Groups", "Rural Exclusion", "Underfunded Areas", "Start-Up",
    "Higher Education", "Water and Sanitation", "Youth",
  ]
  private static let tags = [
    "#Woman Owned Biz", "#Parent", "#Eco-friendly", "#Repeat Borrower", "#Elderly", "#Schooling",
  ]

  /// A `loans/newest.json`-like response with `count` loans.
  static func response(loans count: Int, snapshot: Data) throws -> Data {
    let bases = try Self.bases(snapshot)
    var text = #"{"paging":{"page":1,"total":\#(count),"page_size":\#(count),"pages":1},"loans":["#
    text.reserveCapacity(count * 640 + 100)
    for index in 0..<count {
      if index > 0 { text += "," }
      append(loan: index, base: bases[index % bases.count], to: &text)
    }
    text += "]}"
    return Data(text.utf8)
  }

  private static func bases(_ snapshot: Data) throws -> [Base] {
    let object = try JSONSerialization.jsonObject(with: snapshot) as? [String: Any]
    let loans = object?["loans"] as? [[String: Any]] ?? []
    return loans.map { loan in
      let location = loan["location"] as? [String: Any] ?? [:]
      let geo = location["geo"] as? [String: Any] ?? [:]
      return Base(
        name: loan["name"] as? String ?? "", activity: loan["activity"] as? String ?? "",
        sector: loan["sector"] as? String ?? "", use: loan["use"] as? String ?? "",
        countryCode: location["country_code"] as? String ?? "",
        country: location["country"] as? String ?? "", pairs: geo["pairs"] as? String ?? "",
        town: location["town"] as? String, partnerID: loan["partner_id"] as? Int ?? 0)
    }
  }

  private static func append(loan index: Int, base: Base, to text: inout String) {
    // A cheap deterministic spread of values per loan.
    let mix = (index &* 2_654_435_761) & 0xFFFF_FFFF
    let amount = 25 * (4 + mix % 400)
    let funded = amount * (mix % 5) / 4
    let day = 1 + mix % 28
    let month = 1 + (mix >> 5) % 12
    let year = 2006 + (mix >> 9) % 19
    let posted = String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, mix % 24, mix % 60,
      (mix >> 3) % 60)
    let expires = String(format: "%04d-%02d-%02dT20:30:03Z", year, month % 12 + 1, day)
    let name = index % 97 == 0 ? "\(base.name) Ñandú-\(index % 7)" : base.name
    text += #"{"id":\#(1_000_000 + index),"name":"\#(name)","description":{"languages":["en""#
    text += index % 3 == 0 ? #","es"]},"# : #"]},"#
    text += #""status":"fundraising","funded_amount":\#(funded),"basket_amount":\#(mix % 3 * 25),"#
    text += #""image":{"id":\#(2_000_000 + mix % 900_000),"template_id":1},"#
    text += #""activity":"\#(base.activity)","sector":"\#(base.sector)","#
    if mix % 4 == 0 {
      text +=
        #""themes":["\#(themes[mix % themes.count])","\#(themes[(mix >> 4) % themes.count])"],"#
    }
    text += #""use":"\#(base.use)","location":{"country_code":"\#(base.countryCode)","#
    text += #""country":"\#(base.country)","#
    if let town = base.town { text += #""town":"\#(town)","# }
    text += #""geo":{"level":"town","pairs":"\#(base.pairs)","type":"point"}},"#
    text += #""partner_id":\#(base.partnerID),"posted_date":"\#(posted)","#
    text += #""planned_expiration_date":"\#(expires)","loan_amount":\#(amount),"#
    text += #""borrower_count":\#(1 + mix % 3),"lender_count":\#(mix % 120),"#
    text += #""bonus_credit_eligibility":\#(mix % 2 == 0)"#
    if mix % 3 == 0 {
      text +=
        #","tags":[{"name":"\#(tags[mix % tags.count])"},{"name":"\#(tags[(mix >> 2) % tags.count])"}]"#
    }
    text += "}"
  }
}
