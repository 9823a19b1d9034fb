/// Count, sum, minimum, median and maximum of a list of amounts.
///
/// The sum and the median are exact whatever the amounts: a file may hold amounts near
/// `Int.max`, whose sum is beyond an `Int` and which a `Double` cannot hold exactly.
public struct AmountStatistics: Equatable, Sendable {
  public var count: Int
  /// The total, in 128 bits: no list of `Int` amounts that fits in memory overflows it.
  public var sum: Int128
  public var minimum: Int
  /// Twice the middle amount, or the sum of the two middle ones for an even count: the
  /// median doubled, so that it is a whole number.
  public var doubledMedian: Int128
  public var maximum: Int

  /// The statistics of `amounts`; nil when there are none.
  public init?(_ amounts: [Int]) {
    guard !amounts.isEmpty else { return nil }
    let sorted = amounts.sorted()
    count = sorted.count
    sum = sorted.reduce(Int128(0)) { $0 + Int128($1) }
    minimum = sorted[0]
    maximum = sorted[sorted.count - 1]
    let middle = sorted.count / 2
    doubledMedian =
      sorted.count % 2 == 1
      ? 2 * Int128(sorted[middle]) : Int128(sorted[middle - 1]) + Int128(sorted[middle])
  }

  /// The middle amount; the mean of the two middle ones for an even count. A `Double`:
  /// exact below 2⁵³ (see `medianText` for the exact digits).
  public var median: Double { Double(doubledMedian) / 2 }

  /// The median's digits, exact: `400`, `1062.5`, `-0.5`.
  public var medianText: String {
    let whole = String(doubledMedian.magnitude / 2)
    let sign = doubledMedian < 0 ? "-" : ""
    return sign + whole + (doubledMedian % 2 == 0 ? "" : ".5")
  }

  /// The median in dollars, as `stats` prints it: `$1,062.50`, `$400`.
  public var medianDollars: String {
    let dollars = Money.dollars(Int128(doubledMedian.magnitude / 2))
    return (doubledMedian < 0 ? "-" : "") + dollars + (doubledMedian % 2 == 0 ? "" : ".50")
  }
}
