import Foundation

/// ISO 8601 dates for `.iso8601`: `JSONDecoder` parses them with
/// `Date.ISO8601FormatStyle().parse`, which on this Foundation accepts more than
/// RFC 3339 (fractional seconds, `+02:00` offsets, lowercase `z`, text after the zone,
/// day 30 of February rolling over into March). The common `2012-06-12T20:30:03Z` form
/// is read here directly; everything else goes to that same parser, so the two agree.
enum FastJSONDates {
  /// The date `bytes[start..<start+count]` stands for, or nil if it is not ISO 8601.
  static func iso8601(_ bytes: UnsafePointer<UInt8>, start: Int, count: Int, string: () -> String?)
    -> Date?
  {
    if count == 20, let date = canonical(bytes + start) { return date }
    guard let string = string() else { return nil }
    return try? Date.ISO8601FormatStyle().parse(string)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` with every field in range and a year from 1600 (earlier
  /// years involve the Julian calendar; the parser handles them).
  private static func canonical(_ text: UnsafePointer<UInt8>) -> Date? {
    guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
      text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"),
      text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z"),
      let year = digits(text, 0, 4), let month = digits(text, 5, 2),
      let day = digits(text, 8, 2), let hour = digits(text, 11, 2),
      let minute = digits(text, 14, 2), let second = digits(text, 17, 2),
      year >= 1600, (1...12).contains(month), day >= 1,
      day <= daysInMonth(year: year, month: month), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds))
  }

  private static func digits(_ text: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for index in start..<(start + count) {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    return value
  }

  private static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2:
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`), for years from 0.
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
