/// Timing helpers: a clock, durations in milliseconds, percentiles.
enum Measure {
  static let clock = ContinuousClock()

  /// How long `body` takes, in milliseconds, and what it returned.
  static func time<T>(_ body: () throws -> T) rethrows -> (milliseconds: Double, value: T) {
    var value: T?
    let elapsed = try clock.measure { value = try body() }
    guard let value else { preconditionFailure("measure returned without running its body") }
    return (milliseconds(elapsed), value)
  }

  /// A duration in milliseconds.
  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }

  /// The nearest-rank percentile `p` (0…100) of `samples`; 0 for none.
  static func percentile(_ p: Double, of samples: [Double]) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sorted = samples.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}

/// A deterministic pseudo-random sequence (SplitMix64), so that every run draws the
/// same queries from the same file.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next number of the sequence.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0..<bound (bound > 0).
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
