import Foundation

/// Dates as `JSONEncoder`'s `.iso8601` strategy writes them (`2012-06-12T20:30:03Z`,
/// in UTC, fractions of a second dropped), for the common case only.
///
/// That strategy is `Date.ISO8601FormatStyle`, which counts days by the Julian calendar
/// before October 1582, writes years before 1 as `-1028` and years after 9999 with five
/// digits, and drops a fraction by rounding down. Whole seconds from 1600 to 9999 are
/// written here; the caller gives every other date to the format style itself.
enum FastJSONDateText {
  /// 1600-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since 1970.
  private static let earliest: Double = -11_676_096_000
  private static let latest: Double = 253_402_300_799
  /// Seconds from 1970 to 2001, the reference date.
  private static let referenceOffset: Double = 978_307_200

  /// Appends `date` without quotes and returns true, or returns false (and appends
  /// nothing) for a date that is not a whole second from 1600 to 9999.
  static func appendISO8601(_ date: Date, to bytes: inout [UInt8]) -> Bool {
    let sinceReference = date.timeIntervalSinceReferenceDate
    guard sinceReference == sinceReference.rounded(.down) else { return false }
    let since1970 = sinceReference + referenceOffset
    guard since1970 >= earliest, since1970 <= latest else { return false }
    let seconds = Int64(since1970)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civilDate(daysSince1970: days)
    appendDigits(year, count: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendDigits(month, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendDigits(day, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    appendDigits(secondOfDay / 3600, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay / 60 % 60, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay % 60, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: "Z"))
    return true
  }

  /// The proleptic Gregorian year, month and day of a day count from 1970-01-01
  /// (Howard Hinnant's `civil_from_days`).
  static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// Appends a non-negative `value` in exactly `count` digits, zero-padded.
  private static func appendDigits(_ value: Int64, count: Int, to bytes: inout [UInt8]) {
    var divisor: Int64 = 1
    for _ in 1..<count { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }
}
