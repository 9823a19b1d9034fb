/// The warnings `fetch` gives for records it skipped: the first reason, four more, then
/// how many others.
enum SkippedRecordsWarning {
  /// Warns of `skipped`, counted as `Record` counts itself ("2 loans", "1 landmark").
  static func report<Record: CollectionRecord>(
    _ skipped: [SkippedLoan], of type: Record.Type, output: Output
  ) {
    guard let first = skipped.first else { return }
    output.warning("skipped \(Record.count(skipped.count)): \(first.reason)")
    for other in skipped.dropFirst().prefix(4) { output.warning("also skipped: \(other.reason)") }
    if skipped.count > 5 { output.warning("… and \(skipped.count - 5) more") }
  }
}
