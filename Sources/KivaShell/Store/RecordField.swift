import Foundation

/// A field of a record that commands name: `filter country`, `sort amount`, search fields.
public enum RecordField: String, CaseIterable, Sendable {
  case name, country, town, sector, activity, use, amount, posted
  case park, city, state, category, featured
  case type, location, phone
  case icon

  /// How the field reads in messages: "amount", "country".
  public var label: String { rawValue }
}

/// A value records are sorted by.
public enum SortValue: Comparable, Sendable {
  case number(Double)
  case text(String)
  case missing

  /// Orders missing values first, numbers before text.
  public static func < (lhs: SortValue, rhs: SortValue) -> Bool {
    switch (lhs, rhs) {
    case (.number(let a), .number(let b)): return a < b
    case (.text(let a), .text(let b)): return a < b
    case (.missing, .missing): return false
    case (.missing, _): return true
    case (_, .missing): return false
    case (.number, .text): return true
    case (.text, .number): return false
    }
  }
}
