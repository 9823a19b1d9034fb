/// What `stats` prints for a collection's view, in each output mode.
struct StatsReport<Record: CollectionRecord> {
  let collection: RecordCollection<Record>
  let output: Output

  /// The records in view, in no particular order (none of the figures depends on it), as
  /// positions in `collection.records`: nothing is copied or sorted.
  private var viewIndices: [Int] { collection.unorderedViewIndices() }

  /// The count; in a table, a blank line after it when more follows.
  func count(moreFollows: Bool) {
    let count = collection.viewCount
    if output.mode.isMachineReadable {
      output.data(output.mode == .json ? "{\"count\":\(count)}\n" : "count\r\n\(count)\r\n")
    } else {
      output.line("count   \(count)")
      if moreFollows { output.line() }
    }
  }

  /// The amounts' statistics and histogram, with the amount filters marked.
  func amounts() {
    let records = collection.records
    let amounts = viewIndices.compactMap { records[$0].amountInDollars }
    guard let statistics = AmountStatistics(amounts) else {
      // Data is still data: a count of 0 (JSON), a histogram of no rows (CSV).
      switch output.mode {
      case .json: output.data("{\"count\":0}\n")
      case .csv: output.data(Self.csvHeader + RecordRendering.csvRow(["count", "", "", "0"]))
      case .table, .lines: output.line("nothing to count — \(collection.viewSummary(count: 0))")
      }
      return
    }
    let histogram = Histogram(amounts)
    switch output.mode {
    case .json: output.data(StatsJSON.amounts(statistics, histogram) + "\n")
    case .csv: output.data(Self.csv(statistics, histogram))
    case .table, .lines:
      printSummary(statistics)
      printHistogram(histogram)
    }
  }

  /// The header of `stats` as CSV: one table in long form, a row per figure.
  private static var csvHeader: String {
    RecordRendering.csvRow(["statistic", "lower", "upper", "value"])
  }

  /// The summary and the histogram as one CSV table: `count,,,20` … then a `bin` row per
  /// bar (`bin,0,499,5`), so that nothing JSON gives is left out.
  private static func csv(_ statistics: AmountStatistics, _ histogram: Histogram) -> String {
    let median = statistics.medianText
    var text = csvHeader
    for (name, value) in [
      ("count", String(statistics.count)), ("sum", String(statistics.sum)),
      ("min", String(statistics.minimum)), ("median", median),
      ("max", String(statistics.maximum)),
    ] {
      text += RecordRendering.csvRow([name, "", "", value])
    }
    for bin in histogram.bins {
      text += RecordRendering.csvRow([
        "bin", String(bin.lower), String(bin.upper), String(bin.count),
      ])
    }
    return text
  }

  private func printSummary(_ statistics: AmountStatistics) {
    output.line("count   \(statistics.count)")
    output.line("sum     \(Money.dollars(statistics.sum))")
    output.line("min     \(Money.dollars(statistics.minimum))")
    output.line("median  \(statistics.medianDollars)")
    output.line("max     \(Money.dollars(statistics.maximum))")
    output.line()
  }

  private func printHistogram(_ histogram: Histogram) {
    let filters = collection.filters
    if let minimum = filters.minAmount {
      output.line("  ┄┄ filter min \(Money.dollars(minimum)): smaller amounts left out ┄┄")
    }
    let bars = histogram.bins.map { bin in
      BarChart.Bar("\(Money.dollars(bin.lower))–\(Money.dollars(bin.upper))", bin.count)
    }
    for line in BarChart.lines(bars, width: output.width) { output.line(line) }
    if let maximum = filters.maxAmount {
      output.line(
        "  ┄┄ filter max \(Money.dollars(maximum)): \(Money.dollars(maximum)) and up left out ┄┄")
    }
  }

  /// The groups of `counts` whose values fold alike as one, under the value with the most
  /// records (the first in text order when tied). Folds each distinct value once.
  static func mergingSpellings(_ counts: [String: (count: Int, sum: Int128)])
    -> [(key: String, value: (count: Int, sum: Int128))]
  {
    var merged: [String: (name: String, best: Int, count: Int, sum: Int128)] = [:]
    for (value, total) in counts.sorted(by: { $0.key < $1.key }) {
      let key = value.folded
      guard var group = merged[key] else {
        merged[key] = (value, total.count, total.count, total.sum)
        continue
      }
      if total.count > group.best { (group.name, group.best) = (value, total.count) }
      group.count += total.count
      group.sum += total.sum
      merged[key] = group
    }
    return merged.values.map { (key: $0.name, value: (count: $0.count, sum: $0.sum)) }
  }

  /// A bar per value of `field`, most records first (then by name); the sum of the
  /// amounts beside each when the records have amounts. Spellings that fold alike
  /// ('Kenya', 'KENYA') are one group, as a filter takes them, named by the commonest.
  func groups(by field: RecordField) {
    // Sums in 128 bits: amounts from a file may add up beyond an `Int`.
    var counts: [String: (count: Int, sum: Int128)] = [:]
    let records = collection.records
    let indices = viewIndices
    for index in indices {
      let record = records[index]
      let value = record.text(of: field) ?? "—"
      counts[value, default: (0, 0)].count += 1
      counts[value, default: (0, 0)].sum += Int128(record.amountInDollars ?? 0)
    }
    let groups = Self.mergingSpellings(counts).sorted { lhs, rhs in
      lhs.value.count != rhs.value.count
        ? lhs.value.count > rhs.value.count : lhs.key.folded < rhs.key.folded
    }
    let hasAmounts = Record.filterFields.contains(.amount)
    switch output.mode {
    case .json:
      output.data(
        StatsJSON.groups(
          groups.map { ($0.key, $0.value.count, hasAmounts ? $0.value.sum : nil) },
          field: field.rawValue) + "\n")
    case .csv:
      var text = RecordRendering.csvRow([field.rawValue, "count"] + (hasAmounts ? ["sum"] : []))
      for (value, total) in groups {
        text += RecordRendering.csvRow(
          [value, String(total.count)] + (hasAmounts ? [String(total.sum)] : []))
      }
      output.data(text)
    case .table, .lines:
      guard !groups.isEmpty else {
        output.line("nothing to count — \(collection.viewSummary(count: 0))")
        return
      }
      let shown = groups.prefix(StatsCommand.groupLimit)
      // Counts and sums in columns of their own, each right-aligned.
      let countWidth = shown.map { String($0.1.count).count }.max() ?? 0
      let sumWidth = shown.map { Money.dollars($0.1.sum).count }.max() ?? 0
      let bars = shown.map { value, total in
        BarChart.Bar(
          TextLayout.printable(value), total.count,
          note: hasAmounts
            ? TextLayout.padLeft(String(total.count), countWidth) + "  "
              + TextLayout.padLeft(Money.dollars(total.sum), sumWidth) : nil)
      }
      output.line("\(Record.count(indices.count)) by \(field.label):")
      for line in BarChart.lines(bars, width: output.width) { output.line(line) }
      if groups.count > shown.count {
        let rest = groups.dropFirst(shown.count)
        let restCount = rest.reduce(0) { $0 + $1.value.count }
        output.line(
          "  … \(rest.count) more \(field.label) values with \(Record.count(restCount))")
      }
    }
  }
}
