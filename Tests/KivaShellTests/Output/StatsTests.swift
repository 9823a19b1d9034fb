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
    #expect(amounts[9] + amounts[10] == 1_525)
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
    #expect(statistics.sum == Int128(Int.max) * 2 + Int128(Int.min) + 5)
    #expect(try #require(AmountStatistics([Int.min, -1])).sum == Int128(Int.min) - 1)
    #expect(try #require(AmountStatistics([Int.max, Int.min])).sum == -1)
    #expect(statistics.medianText == "4611686018427387906")
    #expect(
      try #require(AmountStatistics([Int.max, Int.max])).medianDollars
        == "$9,223,372,036,854,775,807")
  }

  @Test(
    "the median is exact, halves and signs included",
    arguments: [
      ([400], "400", "$400"), ([1_000, 1_125], "1062.5", "$1,062.50"),
      ([-1, 0], "-0.5", "-$0.50"), ([-3, 0], "-1.5", "-$1.50"), ([-4, -2, 7], "-2", "-$2"),
      ([Int.min, Int.min + 1], "-9223372036854775807.5", "-$9,223,372,036,854,775,807.50"),
    ])
  func exactMedian(amounts: [Int], text: String, dollars: String) throws {
    let statistics = try #require(AmountStatistics(amounts))
    #expect(statistics.medianText == text)
    #expect(statistics.medianDollars == dollars)
  }

  /// Four loans in one country: 400, and three near `Int.max` (two of them at it).
  static func hugeAmountsFile(in directory: TemporaryDirectory) throws -> String {
    let loans = [400, Int.max - 1, Int.max, Int.max].enumerated().map { index, amount in
      #"{"id":\#(index + 1),"name":"N\#(index)","use":"u","loan_amount":\#(amount),"#
        + #""sector":"Food","activity":"a","status":"funded","location":{"country":"Kenya"}}"#
    }
    let url = directory.file("huge.json")
    try Data(("{\"loans\":[" + loans.joined(separator: ",") + "]}").utf8).write(to: url)
    return url.path
  }

  @Test("amounts near Int.max: stats prints the exact sum and median in every mode")
  func hugeAmounts() throws {
    let directory = try TemporaryDirectory()
    let file = try Self.hugeAmountsFile(in: directory)
    // 400 + (2^63 - 2) + 2 (2^63 - 1), and the mean of the middle two.
    let sum = "27670116110564327820"
    let table = try BinaryRun.run(["--no-persist", "-c", "fetch \(file); stats"])
    #expect(table.status == 0, "\(table.output)")
    let lines = table.output.split(separator: "\n").map(String.init)
    #expect(Self.value("sum", in: lines) == "$27,670,116,110,564,327,820")
    #expect(Self.value("median", in: lines) == "$9,223,372,036,854,775,806.50")
    #expect(Self.value("max", in: lines) == "$9,223,372,036,854,775,807")
    #expect(Self.histogramRows(lines).map(\.count).reduce(0, +) == 4)

    let csv = try BinaryRun.run(["--no-persist", "--csv", "-c", "fetch \(file); stats"])
    #expect(csv.status == 0, "\(csv.output)")
    #expect(csv.output.contains("sum,,,\(sum)\r\n"))
    #expect(csv.output.contains("median,,,9223372036854775806.5\r\n"))

    let json = try BinaryRun.shell(
      #""$0" --no-persist --json -c 'fetch "# + file + #"; stats' 2>/dev/null"#)
    #expect(json.status == 0, "\(json.output)")
    #expect(json.output.contains(#""sum":\#(sum)"#), "\(json.output)")
    #expect(json.output.contains(#""median":9223372036854775806.5"#), "\(json.output)")
    #expect(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) is [String: Any])
  }

  @Test("amounts near Int.max: stats by sums each group exactly in every mode")
  func hugeAmountsByCountry() throws {
    let directory = try TemporaryDirectory()
    let file = try Self.hugeAmountsFile(in: directory)
    let table = try BinaryRun.run(["--no-persist", "-c", "fetch \(file); stats by country"])
    #expect(table.status == 0, "\(table.output)")
    #expect(table.output.hasSuffix("4  $27,670,116,110,564,327,820\n"), "\(table.output)")
    let csv = try BinaryRun.run(["--no-persist", "--csv", "-c", "fetch \(file); stats by country"])
    #expect(csv.output.hasSuffix("Kenya,4,27670116110564327820\r\n"), "\(csv.output)")
    let json = try BinaryRun.shell(
      #""$0" --no-persist --json -c 'fetch "# + file + #"; stats by country' 2>/dev/null"#)
    #expect(
      json.output
        == #"{"by":"country","count":4,"groups":[{"count":4,"sum":27670116110564327820,"#
        + #""value":"Kenya"}]}"# + "\n")
  }
}
