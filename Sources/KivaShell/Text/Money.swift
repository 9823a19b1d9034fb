/// Amounts of money as the shell prints and reads them.
public enum Money {
  /// `$1,275` for 1275.
  public static func dollars(_ amount: Int) -> String {
    grouped(amount)
  }

  /// `$18,446,744,073,709,551,614` for a sum beyond an `Int`.
  public static func dollars(_ amount: Int128) -> String {
    grouped(amount)
  }

  private static func grouped(_ amount: some BinaryInteger) -> String {
    let digits = String(amount.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (amount < 0 ? "-$" : "$") + grouped
  }

  /// Reads an amount as people write it: `500`, `$500`, `1,000`, `$1,000`.
  ///
  /// Commas must group thousands properly (`1,0` is rejected); the result must fit an `Int`.
  public static func parse(_ text: String) -> Int? {
    var body = Substring(text)
    var negative = false
    if body.hasPrefix("-") {
      negative = true
      body = body.dropFirst()
    } else if body.hasPrefix("+") {
      // As `Int("+500")` reads it, so amounts take what row numbers take.
      body = body.dropFirst()
    }
    if body.hasPrefix("$") { body = body.dropFirst() }
    let groups = body.split(separator: ",", omittingEmptySubsequences: false)
    guard let first = groups.first, !first.isEmpty, first.count <= (groups.count > 1 ? 3 : .max),
      groups.dropFirst().allSatisfy({ $0.count == 3 })
    else { return nil }
    let digits = groups.joined()
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else {
      return nil
    }
    return negative ? -value : value
  }
}
