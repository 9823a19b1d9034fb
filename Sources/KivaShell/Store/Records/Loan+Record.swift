import Foundation

extension Loan: CollectionRecord {
  public static let kind = CollectionKind.loans
  public static let noun = "loan"
  public static let filterFields: [RecordField] = [.amount, .country, .sector]
  public static let sortFields: [RecordField] = [.amount, .name, .country, .posted]
  public static let searchFields: [RecordField] = [.name, .country, .town]
  public static let suggestionFields: [RecordField] = [
    .country, .sector, .activity, .name, .town,
  ]

  public static let columns: [RecordColumn<Loan>] = [
    RecordColumn("name") { $0.name },
    RecordColumn("country", maxWidth: 16) { $0.country },
    RecordColumn("use", maxWidth: 50, isFlexible: true) { $0.use },
    // An amount is never cut: "$9,007,199,…" says nothing.
    RecordColumn("amount", maxWidth: .max, alignsRight: true) { Money.dollars($0.amount) },
  ]

  public static let exportFields: [RecordExportField<Loan>] = [
    RecordExportField("id") { String($0.id) },
    RecordExportField("name") { $0.name },
    RecordExportField("country") { $0.country },
    RecordExportField("country_code") { $0.countryCode ?? "" },
    RecordExportField("town") { $0.town ?? "" },
    RecordExportField("use") { $0.use },
    RecordExportField("loan_amount") { String($0.amount) },
    RecordExportField("funded_amount") { $0.fundedAmount.map(String.init) ?? "" },
    RecordExportField("sector") { $0.sector },
    RecordExportField("activity") { $0.activity },
    RecordExportField("status") { $0.status },
    RecordExportField("posted_date") { $0.postedDate.map(DateText.iso8601) ?? "" },
  ]

  public var recordID: String { String(id) }
  public static let hasPositions = true
  /// From the geo pairs, `"13 105"`: latitude then longitude.
  public var position: (latitude: Double, longitude: Double)? {
    guard let parts = geoPairs?.split(separator: " "), parts.count == 2,
      let latitude = Double(parts[0]), let longitude = Double(parts[1]),
      abs(latitude) <= 90, abs(longitude) <= 180
    else { return nil }
    return (latitude, longitude)
  }

  public var amountInDollars: Int? { amount }

  public func text(of field: RecordField) -> String? {
    switch field {
    case .name: name
    case .country: country
    case .town: town
    case .sector: sector
    case .activity: activity
    case .use: use
    case .amount: String(amount)
    case .posted: postedDate.map(DateText.utc)
    default: nil
    }
  }

  public func sortValue(of field: RecordField) -> SortValue {
    switch field {
    case .amount: .number(Double(amount))
    case .posted: postedDate.map { .number($0.timeIntervalSince1970) } ?? .missing
    default: text(of: field).map { .text($0.folded) } ?? .missing
    }
  }

  public var details: [(label: String, value: String)] {
    let funded = fundedAmount.map { " (\(Money.dollars($0)) funded)" } ?? ""
    var rows: [(label: String, value: String)] = [
      ("id", String(id)),
      ("country", country + (countryCode.map { " (\($0))" } ?? "")),
      ("town", town ?? "—"),
      ("use", use),
      ("amount", Money.dollars(amount) + funded),
      ("sector", sector),
      ("activity", activity),
      ("status", status),
      ("posted", postedDate.map(DateText.utc) ?? "—"),
    ]
    if let borrowerCount { rows.append(("borrowers", String(borrowerCount))) }
    if let themes, !themes.isEmpty { rows.append(("themes", themes.joined(separator: ", "))) }
    if let tags, !tags.isEmpty { rows.append(("tags", tags.joined(separator: ", "))) }
    return rows
  }

  public var summary: String {
    "\(name) (\(country), \(Money.dollars(amount)))"
  }
}
