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
  ///
  /// The text is read as three words (bytes 0–7, 8–15, 16–19); each is xored with the
  /// template, which turns digits into their values (0–9, and any other byte into
  /// something else) and matching separators into 0, and all bytes are checked at once.
  static func canonical(_ text: UnsafePointer<UInt8>) -> Date? {
    let raw = UnsafeRawPointer(text)
    let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) ^ Self.firstTemplate
    let second =
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      ^ Self.secondTemplate
    let third =
      UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
      ^ Self.thirdTemplate
    guard Self.allDigits(first), Self.allDigits(second), Self.allDigits(third),
      first & Self.firstSeparators == 0, second & Self.secondSeparators == 0,
      third & Self.thirdSeparators == 0
    else { return nil }
    let year =
      Self.digit(first, 0) * 1000 + Self.digit(first, 1) * 100
      + Self.digit(first, 2) * 10 + Self.digit(first, 3)
    let month = Self.pair(first, 5)
    let day = Self.pair(second, 0)
    let hour = Self.pair(second, 3)
    let minute = Self.pair(second, 6)
    let second60 = Self.pair(third, 1)
    guard year >= 1600, (1...12).contains(month), day >= 1,
      day <= daysInMonth(year: year, month: month), hour < 24, minute < 60, second60 < 60
    else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second60
    return Date(timeIntervalSince1970: Double(seconds))
  }

  /// `0000-00-`, `00T00:00` and `:00Z`, little-endian: what each word is xored with.
  /// (Literals: a computed `static let` costs a lazy-initialization check per use.)
  private static let firstTemplate: UInt64 = 0x2D30_302D_3030_3030
  private static let secondTemplate: UInt64 = 0x3030_3A30_3054_3030
  private static let thirdTemplate: UInt64 = 0x5A30_303A
  /// The separator bytes of each word, which must match the template exactly.
  private static let firstSeparators: UInt64 = 0xFF00_00FF_0000_0000
  private static let secondSeparators: UInt64 = 0x0000_FF00_00FF_0000
  private static let thirdSeparators: UInt64 = 0xFF00_00FF

  /// Whether every byte of `word` is at most 9. A byte of 0x8A or more carries into the
  /// next, but has its own top bit set, so the word fails either way.
  @inline(__always)
  private static func allDigits(_ word: UInt64) -> Bool {
    ((word &+ 0x7676_7676_7676_7676) | word) & 0x8080_8080_8080_8080 == 0
  }

  @inline(__always)
  private static func digit(_ word: UInt64, _ index: UInt64) -> Int {
    Int(truncatingIfNeeded: (word >> (8 &* index)) & 0xFF)
  }

  /// The two digits at bytes `index` and `index + 1` as a number.
  @inline(__always)
  private static func pair(_ word: UInt64, _ index: UInt64) -> Int {
    digit(word, index) &* 10 &+ digit(word, index &+ 1)
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
