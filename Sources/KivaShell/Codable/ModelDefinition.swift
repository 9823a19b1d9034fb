/// A model as the Codable lab knows it: a struct with fields, each decoded from a JSON
/// key or a path of keys into nested objects. Defined at the prompt in kivash's small
/// model language, inferred from sample JSON, or built in (the tutorial's steps).
///
/// ```
/// model Loan { name: String; country: String = location.country; use: String; amount: Int = loan_amount }
/// model LoanStore { loans: [Loan]; paging: Paging? }
/// ```
public struct ModelDefinition: Equatable, Sendable {
  /// The struct's name: `Loan`.
  public var name: String
  /// The fields, in the order they are declared (and decoded).
  public var fields: [ModelField]

  /// Creates a definition.
  public init(name: String, fields: [ModelField]) {
    self.name = name
    self.fields = fields
  }
}

/// One field of a model.
public struct ModelField: Equatable, Sendable {
  /// The Swift property name: `amount`.
  public var name: String
  /// Its type.
  public var type: ModelType
  /// The JSON keys it is read from: `["loan_amount"]`, or `["location", "country"]` for a
  /// value inside a nested object (a nested container in Swift). Never empty.
  public var keyPath: [String]
  /// The value used when the key is missing (or null): `?? 0` in the language.
  public var defaultValue: ModelLiteral?

  /// Creates a field read from `keyPath`, or from the key named like the field.
  public init(
    name: String, type: ModelType, keyPath: [String]? = nil, defaultValue: ModelLiteral? = nil
  ) {
    self.name = name
    self.type = type
    self.keyPath = keyPath ?? [name]
    self.defaultValue = defaultValue
  }

  /// Whether the JSON key differs from the property name (a `CodingKeys` case with a raw value).
  public var isRenamed: Bool { keyPath.count == 1 && keyPath[0] != name }
  /// Whether the value sits in a nested object (a `nestedContainer` in Swift).
  public var isNested: Bool { keyPath.count > 1 }

  /// Whether a missing or null value leaves the field a value rather than an error: it is
  /// optional, or has a default (`nil` is a default only of an optional, which `model`
  /// checks). The lab's decoder and the generated Swift both go by it.
  public var hasFallback: Bool { type.isOptional || defaultValue != nil }
}

/// The types a field can have.
public indirect enum ModelType: Equatable, Sendable {
  case string, int, double, bool, date
  /// Another model, by name.
  case model(String)
  /// `[T]`.
  case array(ModelType)
  /// `T?`: the key may be missing or null.
  case optional(ModelType)

  /// The type as Swift writes it: `[Loan]`, `String?`.
  public var swiftName: String {
    switch self {
    case .string: "String"
    case .int: "Int"
    case .double: "Double"
    case .bool: "Bool"
    case .date: "Date"
    case .model(let name): name
    case .array(let element): "[\(element.swiftName)]"
    case .optional(let wrapped): "\(wrapped.swiftName)?"
    }
  }

  /// The type without its optional wrapper.
  public var unwrapped: ModelType {
    if case .optional(let wrapped) = self { return wrapped }
    return self
  }

  /// Whether the type is optional.
  public var isOptional: Bool {
    if case .optional = self { return true }
    return false
  }
}

/// A literal default value: `0`, `""`, `false`, `[]`, `nil`.
public enum ModelLiteral: Equatable, Sendable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case emptyArray
  case null

  /// The literal as Swift writes it.
  public var swiftSource: String {
    switch self {
    case .string(let text): text.debugDescription
    case .int(let value): String(value)
    case .double(let value): String(value)
    case .bool(let value): String(value)
    case .emptyArray: "[]"
    case .null: "nil"
    }
  }
}

/// How JSON is read: the `JSONDecoder` strategies the lab lets a teacher switch.
public struct DecodingOptions: Equatable, Sendable {
  /// How JSON keys map to property names.
  public enum KeyStrategy: String, Sendable {
    case useDefaultKeys, convertFromSnakeCase
  }
  /// How dates are read.
  public enum DateStrategy: String, Sendable {
    case iso8601, deferredToDate, secondsSince1970
  }

  /// The key strategy.
  public var keyStrategy = KeyStrategy.useDefaultKeys
  /// The date strategy (ISO 8601, as the Kiva API writes dates, by default).
  public var dateStrategy = DateStrategy.iso8601

  /// Creates options.
  public init(keyStrategy: KeyStrategy = .useDefaultKeys, dateStrategy: DateStrategy = .iso8601) {
    self.keyStrategy = keyStrategy
    self.dateStrategy = dateStrategy
  }
}
