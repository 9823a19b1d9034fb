import Foundation

/// Dates as the shell prints them.
public enum DateText {
  /// `2012-06-12 20:30 UTC`.
  public static func utc(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0)
  }

  /// `2012-06-12T20:30:03Z`, as Kiva writes dates.
  public static func iso8601(_ date: Date) -> String {
    date.formatted(.iso8601)
  }
}
