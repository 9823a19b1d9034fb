import Foundation

/// The text of a progress line: `[█████░░░░░] · 3/5 pages · 1.2 MB · 340 KB/s · 2 s left`.
public struct ProgressLine: Equatable, Sendable {
  /// How much is done, in the unit's terms (pages or bytes).
  public var done: Int64
  /// How much there is in all, when known.
  public var total: Int64?
  /// Bytes received so far.
  public var bytes: Int64
  /// Seconds since the start.
  public var elapsed: Double
  /// Whether `done` and `total` count pages (else bytes).
  public var countsPages: Bool

  /// Creates a progress state.
  public init(done: Int64, total: Int64?, bytes: Int64, elapsed: Double, countsPages: Bool) {
    self.done = done
    self.total = total
    self.bytes = bytes
    self.elapsed = elapsed
    self.countsPages = countsPages
  }

  /// The line, with a bar of `barWidth` cells when the total is known.
  public func text(barWidth: Int = 20) -> String {
    var parts: [String] = []
    if let total, total > 0 {
      let fraction = min(1, Double(done) / Double(total))
      let filled = Int((fraction * Double(barWidth)).rounded(.down))
      parts.append(
        "[" + String(repeating: "█", count: filled)
          + String(repeating: "░", count: barWidth - filled) + "]")
      parts.append(
        countsPages ? "\(done)/\(total) pages" : "\(Self.size(done))/\(Self.size(total))")
    } else {
      parts.append(countsPages ? "\(done) pages" : Self.size(done))
    }
    if countsPages { parts.append(Self.size(bytes)) }
    if elapsed > 0.2 {
      let rate = Double(bytes) / elapsed
      parts.append(Self.size(Int64(rate)) + "/s")
      if let total, total > done, done > 0 {
        // `--pages` may ask for up to Int.max pages: an estimate of decades says nothing
        // (and one beyond Int would trap converting), so it is left out.
        let remaining = elapsed / Double(done) * Double(total - done)
        if remaining < Self.longestEstimate {
          parts.append("\(Int(remaining.rounded(.up))) s left")
        }
      }
    }
    return parts.joined(separator: " · ")
  }

  /// The longest time left the line shows, in seconds: about a year.
  static let longestEstimate: Double = 366 * 86_400

  /// `512 B`, `1.2 KB`, `3.4 MB`.
  static func size(_ bytes: Int64) -> String {
    let value = Double(bytes)
    if value < 1000 { return "\(bytes) B" }
    if value < 1_000_000 { return String(format: "%.1f KB", value / 1000) }
    if value < 1_000_000_000 { return String(format: "%.1f MB", value / 1_000_000) }
    return String(format: "%.1f GB", value / 1_000_000_000)
  }
}
