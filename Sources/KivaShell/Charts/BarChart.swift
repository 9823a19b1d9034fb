/// Horizontal bars in Unicode block characters, eighths of a cell at the tip, fitted to
/// a width: `Kenya    ████████▍  4`.
public enum BarChart {
  /// One bar: its label, its value, and what is printed after it.
  public struct Bar: Sendable {
    public var label: String
    public var value: Int
    public var note: String

    /// Creates a bar; `note` (by default the value) follows it.
    public init(_ label: String, _ value: Int, note: String? = nil) {
      self.label = label
      self.value = value
      self.note = note ?? String(value)
    }
  }

  private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// The chart's lines, each `  LABEL  BAR  NOTE`, at most `width` columns wide.
  public static func lines(_ bars: [Bar], width: Int) -> [String] {
    guard !bars.isEmpty else { return [] }
    let labelWidth = min(28, bars.map { DisplayWidth.of($0.label) }.max() ?? 0)
    let noteWidth = bars.map { DisplayWidth.of($0.note) }.max() ?? 0
    let barWidth = min(60, max(8, width - 2 - labelWidth - 2 - 2 - noteWidth))
    let largest = max(bars.map(\.value).max() ?? 1, 1)
    return bars.map { bar in
      let cells = cells(for: bar.value, of: largest, width: barWidth)
      let label = TextLayout.pad(TextLayout.clip(bar.label, to: labelWidth), labelWidth)
      let line =
        "  " + label + "  " + TextLayout.pad(cells, barWidth) + "  "
        + TextLayout.padLeft(bar.note, noteWidth)
      return TextLayout.trimmingTrailingSpaces(line)
    }
  }

  /// A bar of `value` out of `largest` in `width` cells: full blocks, then an eighth;
  /// at least a sliver for any value above zero.
  static func cells(for value: Int, of largest: Int, width: Int) -> String {
    guard value > 0 else { return "" }
    let eighthsTotal = max(1, Int((Double(value) / Double(largest) * Double(width * 8)).rounded()))
    return String(repeating: "█", count: eighthsTotal / 8) + eighths[eighthsTotal % 8]
  }
}
