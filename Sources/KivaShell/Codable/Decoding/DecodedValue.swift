import Foundation

/// A value the model decoder produced: what an instance of the generated Swift struct
/// would hold.
public indirect enum DecodedValue: Equatable, Sendable {
  /// A `String`.
  case string(String)
  /// An `Int`.
  case int(Int)
  /// A `Double`.
  case double(Double)
  /// A `Bool`.
  case bool(Bool)
  /// A `Date`, read with the options' date strategy.
  case date(Date)
  /// An array, `[T]`.
  case array([DecodedValue])
  /// A value of an optional type: `.optional(nil)` is `nil`.
  case optional(DecodedValue?)
  /// A model's struct, its fields in declaration order.
  case model(name: String, fields: [DecodedField])

  /// What Swift's `print(value)` prints for the equivalent value of the generated types,
  /// compiled in a module named `main` (as `swift file.swift` and `swift -` do):
  /// `Loan(name: "Pheap\'s Group", country: "Cambodia", amount: 800)`.
  ///
  /// See `swiftDescription(moduleName:)`.
  public var swiftDescription: String {
    swiftDescription(moduleName: "main")
  }

  /// What Swift's `print(value)` prints for the equivalent value, the generated structs
  /// living in module `moduleName`. As Swift does:
  ///
  /// - at the top level a value prints its `description`: a string bare, a struct as
  ///   `Loan(name: "Pheap\'s Group", amount: 800)`;
  /// - inside a struct, an array or an optional, values print their `debugDescription`:
  ///   strings quoted with Swift's escapes (`'` becomes `\'`), structs qualified by
  ///   their module (`main.Loan(…)`), doubles as `3.0` or `34.011286`, dates as
  ///   `2012-06-12 20:30:03 +0000` (Foundation's own text, on every platform);
  /// - optionals print `Optional(…)` or `nil`, arrays `["a", "b"]` or `[]`.
  public func swiftDescription(moduleName: String) -> String {
    switch self {
    case .string(let text): text
    case .double(let value): value.description
    case .date(let date): date.description
    case .model(let name, let fields): Self.describe(name, fields, moduleName: moduleName)
    default: nestedDescription(moduleName: moduleName)
    }
  }

  /// The value as Swift prints it inside a struct, an array or an optional.
  func nestedDescription(moduleName: String) -> String {
    switch self {
    case .string(let text): text.debugDescription
    case .int(let value): String(value)
    case .double(let value): value.debugDescription
    case .bool(let value): String(value)
    case .date(let date): date.debugDescription
    case .array(let elements):
      "[\(elements.map { $0.nestedDescription(moduleName: moduleName) }.joined(separator: ", "))]"
    case .optional(nil): "nil"
    case .optional(.some(let wrapped)):
      "Optional(\(wrapped.nestedDescription(moduleName: moduleName)))"
    case .model(let name, let fields):
      "\(moduleName).\(Self.describe(name, fields, moduleName: moduleName))"
    }
  }

  private static func describe(_ name: String, _ fields: [DecodedField], moduleName: String)
    -> String
  {
    let parts = fields.map { "\($0.name): \($0.value.nestedDescription(moduleName: moduleName))" }
    return "\(name)(\(parts.joined(separator: ", ")))"
  }

  /// The field called `name`, if this is a model that has one.
  public subscript(field name: String) -> DecodedValue? {
    guard case .model(_, let fields) = self else { return nil }
    return fields.first { $0.name == name }?.value
  }
}

/// One field of a decoded model: its name and value.
public struct DecodedField: Equatable, Sendable {
  /// The property name.
  public var name: String
  /// Its value.
  public var value: DecodedValue

  /// Creates a field.
  public init(_ name: String, _ value: DecodedValue) {
    self.name = name
    self.value = value
  }
}
