/// Amounts counted in bins of one round width (`$0–$249`, `$250–$499`, …) from the
/// smallest to the largest, about `targetBins` of them.
public struct Histogram: Equatable, Sendable {
  /// One bin: the amounts from `lower` up to and including `upper`, and how many.
  public struct Bin: Equatable, Sendable {
    public var lower: Int
    public var upper: Int
    public var count: Int
  }

  /// The bins, lowest first; together they hold every amount.
  public var bins: [Bin]

  /// Bins over `amounts`; none when there are no amounts.
  public init(_ amounts: [Int], targetBins: Int = 10) {
    guard let low = amounts.min(), let high = amounts.max() else {
      bins = []
      return
    }
    let width = Self.roundWidth(atLeast: Double(high - low + 1) / Double(max(targetBins, 1)))
    let start = Self.floor(low, to: width)
    let binCount = (high - start) / width + 1
    var counts = [Int](repeating: 0, count: binCount)
    for amount in amounts { counts[(amount - start) / width] += 1 }
    bins = counts.indices.map { index in
      let lower = start + index * width
      return Bin(lower: lower, upper: lower + width - 1, count: counts[index])
    }
  }

  /// The smallest of 1, 2, 2.5 and 5 times a power of ten (at least 1) that is at least
  /// `minimum`.
  static func roundWidth(atLeast minimum: Double) -> Int {
    var power = 1
    while true {
      for factor in [1.0, 2.0, 2.5, 5.0] {
        let width = factor * Double(power)
        if width >= minimum, width == width.rounded() { return Int(width) }
      }
      guard power <= Int.max / 10 else { return power }
      power *= 10
    }
  }

  /// `value` rounded down to a multiple of `step`.
  private static func floor(_ value: Int, to step: Int) -> Int {
    let remainder = value % step
    return remainder >= 0 ? value - remainder : value - remainder - step
  }
}
