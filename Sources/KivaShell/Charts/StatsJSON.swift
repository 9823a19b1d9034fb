import Foundation

/// `stats` as JSON, for `set mode json`.
enum StatsJSON {
  private struct Amounts: Encodable {
    var count: Int
    var sum: Int128
    var min, max: Int
    /// Exact: a `Double` would round a median near `Int.max`.
    var median: Decimal
    var histogram: [Bin]
  }

  private struct Bin: Encodable {
    var lower, upper, count: Int
  }

  /// `stats by FIELD`, and `stats` of records without amounts: like every `stats`, an
  /// object with the count; `by` names the field, `groups` has a count (and sum) per value.
  private struct Grouped: Encodable {
    var count: Int
    var by: String
    var groups: [Group]
  }

  private struct Group: Encodable {
    var value: String
    var count: Int
    var sum: Int128?
  }

  static func amounts(_ statistics: AmountStatistics, _ histogram: Histogram) -> String {
    encode(
      Amounts(
        count: statistics.count, sum: statistics.sum, min: statistics.minimum,
        max: statistics.maximum, median: Decimal(string: statistics.medianText) ?? 0,
        histogram: histogram.bins.map { Bin(lower: $0.lower, upper: $0.upper, count: $0.count) }))
  }

  static func groups(_ groups: [(value: String, count: Int, sum: Int128?)], field: String) -> String
  {
    encode(
      Grouped(
        count: groups.reduce(0) { $0 + $1.count }, by: field,
        groups: groups.map { Group(value: $0.value, count: $0.count, sum: $0.sum) }))
  }

  private static func encode(_ value: some Encodable) -> String {
    guard let data = try? RecordRendering.jsonEncoder().encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }
}
