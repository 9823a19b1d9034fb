extension ModelType {
  /// The type Swift writes as `name`, among those the model language has: `Int`,
  /// `[String]`, `Bool?`; nil for any other.
  init?(swiftName name: String) {
    if let scalar = SwiftNames.scalarTypes[name] {
      self = scalar
    } else if name.hasSuffix("?"), let wrapped = ModelType(swiftName: String(name.dropLast())) {
      self = .optional(wrapped)
    } else if name.hasPrefix("["), name.hasSuffix("]"),
      let element = ModelType(swiftName: String(name.dropFirst().dropLast()))
    {
      self = .array(element)
    } else {
      return nil
    }
  }
}

extension ModelLiteral {
  /// The default a field keeps when its type changes to `type`: the same literal when it
  /// fits (`0` for `Double`), else the same value written for `type` (`0` → `"0"` for
  /// `String`, `"12"` → `12` for `Int`), else `type`'s empty value (`""`, `0`, `false`,
  /// `[]`); nil for a type no literal fits (a model, a date) or for `nil` itself.
  static func converted(_ literal: ModelLiteral, to type: ModelType) -> ModelLiteral? {
    if literal == .null { return nil }
    if literal.fits(type) { return literal }
    let text: String? =
      switch literal {
      case .string(let string): string
      case .int(let value): String(value)
      case .double(let value): String(value)
      case .bool(let value): String(value)
      case .emptyArray, .null: nil
      }
    switch type.unwrappedFully {
    case .string: return .string(text ?? "")
    case .int: return text.flatMap { Int($0) }.map(ModelLiteral.int) ?? .int(0)
    case .double:
      let value = text.flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
      return value.map(ModelLiteral.double) ?? .int(0)
    case .bool: return text.flatMap { Bool($0) }.map(ModelLiteral.bool) ?? .bool(false)
    case .array: return .emptyArray
    default: return nil
    }
  }
}
