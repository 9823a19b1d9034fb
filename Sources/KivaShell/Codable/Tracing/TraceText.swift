import Foundation

/// How trace lines write types, values and errors.
enum TraceText {
  /// A type as Swift source writes it: `[Tag]`, `String?`, `[String: Int]`, `Loan`.
  static func typeName(_ type: Any.Type) -> String {
    sugared(Substring(String(describing: type)))
  }

  /// A decoded value: strings quoted (`"Pheap's Group"`), numbers and booleans as Swift
  /// prints them, dates as `print(date)` does, `nil` for an absent optional.
  static func value(_ value: Any) -> String {
    if let optional = value as? any TraceOptional {
      return optional.traceWrapped.map(Self.value) ?? "nil"
    }
    switch value {
    case let string as String: return string.debugDescription
    case let date as Date: return String(describing: date)
    default: return shortened(String(describing: value))
    }
  }

  /// The `DecodingError` case an error is (`keyNotFound`), or the error's type name.
  static func errorName(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return typeName(type(of: error)) }
    switch error {
    case .keyNotFound: return "keyNotFound"
    case .typeMismatch: return "typeMismatch"
    case .valueNotFound: return "valueNotFound"
    case .dataCorrupted: return "dataCorrupted"
    @unknown default: return "DecodingError"
    }
  }

  /// `Array<Optional<Tag>>` → `[Tag?]`, `Dictionary<String, Int>` → `[String: Int]`.
  private static func sugared(_ name: Substring) -> String {
    guard let open = name.firstIndex(of: "<"), name.last == ">" else { return String(name) }
    let head = name[..<open]
    let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
    let arguments = topLevelArguments(inner).map(sugared)
    switch (head, arguments.count) {
    case ("Array", 1): return "[\(arguments[0])]"
    case ("Optional", 1): return "\(arguments[0])?"
    case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
    default: return "\(head)<\(arguments.joined(separator: ", "))>"
    }
  }

  /// Splits `String, Array<Int>` at the commas not nested in angle brackets.
  private static func topLevelArguments(_ text: Substring) -> [Substring] {
    var arguments: [Substring] = []
    var depth = 0
    var start = text.startIndex
    for index in text.indices {
      switch text[index] {
      case "<": depth += 1
      case ">": depth -= 1
      case "," where depth == 0:
        arguments.append(text[start..<index])
        start = text.index(after: index)
      default: break
      }
    }
    arguments.append(text[start...])
    return arguments.map { $0.drop { $0 == " " } }
  }

  private static func shortened(_ text: String, limit: Int = 60) -> String {
    text.count <= limit ? text : text.prefix(limit - 1) + "…"
  }
}

/// Lets a value of any optional type be unwrapped when it is seen as `Any`.
protocol TraceOptional {
  /// The wrapped value, or nil.
  var traceWrapped: Any? { get }
}

extension Optional: TraceOptional {
  var traceWrapped: Any? { self.map { $0 as Any } }
}

/// The types Foundation's `JSONDecoder` decodes itself, honouring its strategies (dates,
/// data, URLs, decimals, and `[String: …]` dictionaries, whose keys it never converts), or
/// that are single JSON values: the tracing containers forward these directly instead of
/// tracing their `init(from:)`, which would bypass the strategies.
protocol TraceLeaf {}

extension Bool: TraceLeaf {}
extension String: TraceLeaf {}
extension Double: TraceLeaf {}
extension Float: TraceLeaf {}
extension Int: TraceLeaf {}
extension Int8: TraceLeaf {}
extension Int16: TraceLeaf {}
extension Int32: TraceLeaf {}
extension Int64: TraceLeaf {}
extension Int128: TraceLeaf {}
extension UInt: TraceLeaf {}
extension UInt8: TraceLeaf {}
extension UInt16: TraceLeaf {}
extension UInt32: TraceLeaf {}
extension UInt64: TraceLeaf {}
extension UInt128: TraceLeaf {}
extension Date: TraceLeaf {}
extension Data: TraceLeaf {}
extension URL: TraceLeaf {}
extension Decimal: TraceLeaf {}
extension Dictionary: TraceLeaf where Key == String {}
