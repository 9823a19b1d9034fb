/// The row numbers TAB offers after `show` and `fav`: those of 1 through `count` that
/// start with the typed digits, in order, made without going through every row (a
/// million rows made TAB take a quarter of a second when each number was built and
/// compared).
enum RowNumberCompletion {
  /// The numbers of 1...`count` whose decimal form starts with `typed`, ascending, at
  /// most `limit` of them; none when `typed` is not a run of ASCII digits that could
  /// start a row number.
  ///
  /// A first TAB needs only two: they decide whether it inserts one row's number or
  /// nothing (two or more rows share no more than the typed digits).
  static func candidates(for typed: String, count: Int, limit: Int = .max) -> [String] {
    guard count > 0, limit > 0 else { return [] }
    guard !typed.isEmpty else { return (1...min(count, limit)).map { String($0) } }
    guard typed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      typed.utf8.first != UInt8(ascii: "0"), let start = Int(typed), start <= count
    else { return [] }
    // The typed number, then those one digit longer, two digits longer, …
    var numbers: [String] = []
    var low = start
    var width = 1
    while low <= count {
      let high = width - 1 >= count - low ? count : low + width - 1
      let room = limit - numbers.count
      let last = high - low >= room ? low + room - 1 : high
      numbers.append(contentsOf: (low...last).map { String($0) })
      guard numbers.count < limit else { break }
      let (nextLow, lowOverflow) = low.multipliedReportingOverflow(by: 10)
      let (nextWidth, widthOverflow) = width.multipliedReportingOverflow(by: 10)
      guard !lowOverflow, !widthOverflow else { break }
      (low, width) = (nextLow, nextWidth)
    }
    return numbers
  }
}
