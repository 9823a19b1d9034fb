import Foundation
import Testing

@testable import KivaShell

/// `stats`: the numbers are right, and the histogram's bars add up to the count.
@Suite("stats and charts")
struct StatsTests {
  static func builtInAmounts() throws -> [Int] {
    try LoanLoader.decode(BuiltInData.loans, from: "built-in").loans.map(\.amount)
  }

  /// The value after `label` on the line that starts with it.
  static func value(_ label: String, in lines: [String]) -> String? {
    lines.first { $0.hasPrefix(label + " ") }.map {
      $0.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
    }
  }

  /// The histogram rows: `  $LOW–$HIGH  BARS  COUNT`, with the count.
  static func histogramRows(_ lines: [String]) -> [(label: String, count: Int)] {
    lines.compactMap { line in
      guard line.hasPrefix("  $"), let last = line.split(separator: " ").last,
        let count = Int(last)
      else { return nil }
      return (String(line.split(separator: " ")[0]), count)
    }
  }

  @Test("stats on the built-in loans: count, min, median, max, and bars that sum to the count")
  func builtInStats() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "stats"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    let amounts = try Self.builtInAmounts().sorted()
    #expect(Self.value("count", in: lines) == String(amounts.count))
    #expect(Self.value("sum", in: lines) == Money.dollars(amounts.reduce(0, +)))
    #expect(Self.value("min", in: lines) == Money.dollars(amounts[0]))
    #expect(Self.value("max", in: lines) == Money.dollars(amounts[amounts.count - 1]))
    let median = Double(amounts[9] + amounts[10]) / 2
    #expect(Self.value("median", in: lines) == StatsReport<Loan>.dollars(median))
    #expect(Self.value("median", in: lines) == "$762.50")
    let rows = Self.histogramRows(lines)
    #expect(rows.count >= 3)
    #expect(rows.map(\.count).reduce(0, +) == amounts.count)
    #expect(rows.first?.label == "$0–$499")
  }

  @Test(
    "an empty view is said once, in every collection",
    arguments: [
      ("search zzz; stats", "nothing to count — showing 0 of 20 loans matching \"zzz\""),
      (
        "use restaurants; search zzz; stats",
        "nothing to count — showing 0 of 21 restaurants matching \"zzz\""
      ),
      (
        "use landmarks; search zzz; stats",
        "nothing to count — showing 0 of 12 landmarks matching \"zzz\""
      ),
    ])
  func emptyView(script: String, said: String) throws {
    let run = try BinaryRun.run(["--no-persist", "-c", script])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.suffix(2) == [Substring(said), ""])
    #expect(!run.output.contains("count   0"))
  }

  @Test("an active filter max is marked where it cuts, and the bars still sum to the count")
  func filterMaxMarked() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "filter max 1000; stats"])
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(Self.value("count", in: lines) == "12")
    #expect(Self.histogramRows(lines).map(\.count).reduce(0, +) == 12)
    #expect(lines.last == "  ┄┄ filter max $1,000: $1,000 and up left out ┄┄")
  }

  @Test("stats by country: a bar per country, most loans first, with the sums")
  func byCountry() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "filter max 1000; stats by country"])
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines[1] == "12 loans by country:")
    #expect(lines[2].hasPrefix("  Cambodia   ████"))
    #expect(lines[2].hasSuffix("4  $2,925"))
    #expect(lines.count == 8)
  }

  @Test("stats by country: counts and sums each in a column of their own")
  func byCountryColumns() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "stats by country"])
    let bars = run.output.split(separator: "\n").dropFirst().map(String.init)
    // Every line ends in the same column: counts and sums are right-aligned.
    #expect(bars.count == 9)
    #expect(Set(bars.map(\.count)).count == 1, "\(run.output)")
    let bolivia = try #require(bars.first { $0.hasPrefix("  Bolivia") })
    #expect(bolivia.hasSuffix("  1    $600"))
  }

  @Test("stats in json mode is one JSON object with the histogram")
  func jsonStats() throws {
    let run = try BinaryRun.shell(#""$0" --no-persist --json -c stats 2>/dev/null"#)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(object["count"] as? Int == 20)
    #expect(object["median"] as? Double == 762.5)
    let bins = try #require(object["histogram"] as? [[String: Int]])
    #expect(bins.compactMap { $0["count"] }.reduce(0, +) == 20)
  }

  @Test(
    "every stats in json mode is one object with the count; bars as by and groups",
    arguments: [
      ("use categories; stats", #"{"count":8}"#),
      (
        "use landmarks; stats",
        #"{"by":"category","count":12,"groups":[{"count":6,"value":"Lakes"},"#
          + #"{"count":3,"value":"Mountains"},{"count":3,"value":"Rivers"}]}"#
      ),
      (
        "filter country kenya; stats by sector",
        #"{"by":"sector","count":4,"groups":[{"count":2,"sum":625,"value":"Retail"},"#
          + #"{"count":1,"sum":375,"value":"Clothing"},{"count":1,"sum":125,"value":"Food"}]}"#
      ),
      ("filter max 1; stats by sector", #"{"by":"sector","count":0,"groups":[]}"#),
    ])
  func jsonShapes(commands: String, expected: String) throws {
    let run = try BinaryRun.shell(#""$0" --no-persist --json -c '"# + commands + "' 2>/dev/null")
    #expect(run.output == expected + "\n")
  }

  @Test("stats by a field the collection lacks names the ones it has")
  func unknownField() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "stats by colour"])
    #expect(run.status == 1)
    #expect(run.output.hasPrefix("error: "))
    #expect(run.output.contains("country"))
  }

  @Test("histogram bins are round and cover every amount", arguments: [1, 7, 25, 1_000])
  func histogramBins(spread: Int) {
    let amounts = (0..<200).map { 25 + ($0 * 37 % 200) * spread }
    let histogram = Histogram(amounts)
    #expect(histogram.bins.map(\.count).reduce(0, +) == 200)
    #expect(histogram.bins.count <= 11)
    for (bin, next) in zip(histogram.bins, histogram.bins.dropFirst()) {
      #expect(next.lower == bin.upper + 1)
    }
    let width = histogram.bins[0].upper - histogram.bins[0].lower + 1
    #expect(histogram.bins[0].lower % width == 0)
  }

  @Test("bars: eighths at the tip, a sliver for any count above zero")
  func barCells() {
    #expect(BarChart.cells(for: 0, of: 10, width: 10) == "")
    #expect(BarChart.cells(for: 10, of: 10, width: 10) == String(repeating: "█", count: 10))
    #expect(BarChart.cells(for: 1, of: 1_000, width: 10) == "▏")
    #expect(BarChart.cells(for: 5, of: 16, width: 10) == "███▏")
  }

  @Test("amounts at the ends of Int bin and add up without overflow")
  func extremeAmounts() throws {
    let amounts = [Int.max, Int.max, Int.min, 5]
    let histogram = Histogram(amounts)
    #expect(histogram.bins.map(\.count).reduce(0, +) == 4)
    #expect(histogram.bins.first?.lower == Int.min)
    #expect(histogram.bins.last?.upper == Int.max)
    #expect(histogram.bins.last?.count == 2)
    #expect(Histogram([Int.max, Int.max]).bins.map(\.count) == [2])
    let statistics = try #require(AmountStatistics(amounts))
    #expect(statistics.sum == Int.max)
    #expect(try #require(AmountStatistics([Int.min, -1])).sum == Int.min)
    #expect(try #require(AmountStatistics([Int.max, Int.min])).sum == -1)
  }
}
