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
  ///
  /// The arithmetic is done in 128 bits: amounts near `Int.min` or `Int.max` (a file may
  /// say anything) would overflow an `Int` in the differences and bounds; a bound beyond
  /// `Int` is clamped to it.
  public init(_ amounts: [Int], targetBins: Int = 10) {
    guard let low = amounts.min(), let high = amounts.max() else {
      bins = []
      return
    }
    let span = Int128(high) - Int128(low) + 1
    let width = Int128(
      Self.roundWidth(atLeast: Double(span) / Double(max(targetBins, 1))))
    let start = Self.floor(Int128(low), to: width)
    let binCount = Int((Int128(high) - start) / width + 1)
    var counts = [Int](repeating: 0, count: binCount)
    for amount in amounts { counts[Int((Int128(amount) - start) / width)] += 1 }
    bins = counts.indices.map { index in
      let lower = start + Int128(index) * width
      return Bin(
        lower: Self.clamped(lower), upper: Self.clamped(lower + width - 1), count: counts[index])
    }
  }

  private static func clamped(_ value: Int128) -> Int {
    Int(clamping: value)
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
  private static func floor(_ value: Int128, to step: Int128) -> Int128 {
    let remainder = value % step
    return remainder >= 0 ? value - remainder : value - remainder - step
  }
}
