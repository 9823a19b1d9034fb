/// Count, sum, minimum, median and maximum of a list of amounts.
public struct AmountStatistics: Equatable, Sendable {
  public var count: Int
  /// The total; `Int.max` (or `Int.min`) when it is beyond an `Int`, which no real data
  /// comes near.
  public var sum: Int
  public var minimum: Int
  /// The middle amount; the mean of the two middle ones for an even count.
  public var median: Double
  public var maximum: Int

  /// The statistics of `amounts`; nil when there are none.
  public init?(_ amounts: [Int]) {
    guard !amounts.isEmpty else { return nil }
    let sorted = amounts.sorted()
    count = sorted.count
    sum = Int(clamping: sorted.reduce(Int128(0)) { $0 + Int128($1) })
    minimum = sorted[0]
    maximum = sorted[sorted.count - 1]
    let middle = sorted.count / 2
    median =
      sorted.count % 2 == 1
      ? Double(sorted[middle]) : (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
  }
}
