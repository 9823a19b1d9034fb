import Foundation

/// A value `JSONSerialization` produced, seen as the JSON it came from.
enum JSONValue {
  case string(String)
  case number(NSNumber)
  case bool(Bool)
  case null
  case object([String: Any])
  case array([Any])

  /// Classifies a value from `JSONSerialization` (booleans are `NSNumber`s there too).
  init(_ value: Any) {
    switch value {
    case let string as String: self = .string(string)
    case let number as NSNumber where JSONValue.isBoolean(number): self = .bool(number.boolValue)
    case let number as NSNumber: self = .number(number)
    case let object as [String: Any]: self = .object(object)
    case let array as [Any]: self = .array(array)
    default: self = .null
    }
  }

  /// Whether a number holds a fraction (or an exponent): `12.5`, not `12`.
  var hasFraction: Bool {
    guard case .number(let number) = self, isFloatingPoint(number) else { return false }
    return number.doubleValue.rounded() != number.doubleValue
  }

  /// Whether a number fits a Swift `Int` exactly.
  var fitsInt: Bool {
    guard case .number(let number) = self else { return false }
    // A whole number past Int.max comes as an unsigned one: its digits tell.
    if !isFloatingPoint(number) { return Int(number.stringValue) != nil }
    // A whole number below Int.min comes as a Double, and the nearest one is Int.min
    // itself (`-9223372036854775809`): what fits Int was read as an integer.
    if number.doubleValue == -0x1p63 { return false }
    return Int(exactly: number.doubleValue) != nil
  }

  /// The Swift type that would hold this value (`Int`, `Double`, `String`, `Bool`), if plain.
  var swiftType: String? {
    switch self {
    case .string: "String"
    case .bool: "Bool"
    case .number: fitsInt ? "Int" : "Double"
    case .null, .object, .array: nil
    }
  }

  /// The value with an indefinite article: `a string "lots"`, `a number 12.5`, `null`,
  /// `an object with 4 keys`, `an array of 20 elements`.
  var withArticle: String { phrase(article: "a") }

  /// The value with a definite article: `the string "lots"`, `the number 12.5`.
  var withDefiniteArticle: String { phrase(article: "the") }

  /// The value alone, as JSON shows it: `"lots"`, `12.5`, `true`, `null`, `{…}`, `[…]`.
  var literal: String {
    switch self {
    case .string(let string): JSONValueText.quoted(string)
    case .number(let number): number.description
    case .bool(let bool): String(bool)
    case .null: "null"
    case .object: "{…}"
    case .array: "[…]"
    }
  }

  private func phrase(article: String) -> String {
    switch self {
    case .string: "\(article) string \(literal)"
    case .number: "\(article) number \(literal)"
    case .bool: "\(article) boolean \(literal)"
    case .null: "null"
    case .object(let object): "an object with \(JSONValueText.count(object.count, "key"))"
    case .array(let array): "an array of \(JSONValueText.count(array.count, "element"))"
    }
  }

  private func isFloatingPoint(_ number: NSNumber) -> Bool {
    let type = String(cString: number.objCType)
    return type == "d" || type == "f"
  }

  /// `JSONSerialization` makes `true` and `false` `NSNumber`s of type `c` (a C `char`);
  /// it never makes other numbers of that type.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}

/// Small pieces of wording shared by the explanations and the manual walk.
enum JSONValueText {
  /// A string as Swift source quotes it, shortened: `"Pheap's Group"`.
  static func quoted(_ string: String, limit: Int = 40) -> String {
    let short = string.count <= limit ? string : string.prefix(limit - 1) + "…"
    var escaped = ""
    for character in short {
      switch character {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      default: escaped.append(character)
      }
    }
    return "\"\(escaped)\""
  }

  /// `1 key`, `4 keys`.
  static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// Items joined with commas, at most `limit` of them, then `… (3 more)`.
  static func list(_ items: [String], limit: Int = 16) -> String {
    guard items.count > limit else { return items.joined(separator: ", ") }
    return items.prefix(limit).joined(separator: ", ") + ", … (\(items.count - limit) more)"
  }
}
