import Foundation

/// Decodes one field of a model from its struct's keyed container, following the rules
/// documented on `ModelDecoder`, and traces each call.
struct FieldReader {
  typealias Keyed = KeyedDecodingContainer<DynamicKey>

  let context: DecodingContext
  var writer: TraceWriter { context.writer }

  /// The value of `field`, read from `container`, the model's top-level container.
  func read(_ field: ModelField, from container: Keyed) throws -> DecodedValue {
    try read(field, keys: field.keyPath[...], in: container, enumName: GeneratedNames.rootKeysEnum)
  }

  /// Reads `field` from `container`, whose keys are those of `enumName`, following `keys`.
  private func read(
    _ field: ModelField, keys: ArraySlice<String>, in container: Keyed, enumName: String
  ) throws -> DecodedValue {
    guard let key = keys.first else { return fallback(for: field) }
    let codingKey = DynamicKey(key, in: enumName)
    if keys.count == 1 { return try readLast(field, key: codingKey, in: container) }
    let keyCase = GeneratedNames.caseName(forKey: key)
    if Self.isLenient(field),
      try !isPresent(codingKey, keyCase: keyCase, in: container, field: field)
    {
      return fallback(for: field)
    }
    let nestedEnum = GeneratedNames.keysEnum(forKey: key)
    let call = DecodingTrace.call(
      "nestedContainer", keyCase: keyCase, jsonKey: key, keysType: nestedEnum)
    return try writer.scope(call) {
      let nested = try container.nestedContainer(keyedBy: DynamicKey.self, forKey: codingKey)
      return try read(field, keys: keys.dropFirst(), in: nested, enumName: nestedEnum)
    }
  }

  /// Decodes the last key of `field`'s path.
  private func readLast(_ field: ModelField, key codingKey: DynamicKey, in container: Keyed)
    throws -> DecodedValue
  {
    let lenient = Self.isLenient(field)
    let keyCase = GeneratedNames.caseName(for: field)
    let key = codingKey.stringValue
    let type = field.type.unwrappedFully
    let method = lenient ? "decodeIfPresent" : "decode"
    let found: DecodedValue?
    switch type {
    case .array(let element):
      // `decode([Int].self, forKey:)`, as the generated Swift reads an array.
      let call = DecodingTrace.call(method, type: type.swiftName, keyCase: keyCase, jsonKey: key)
      let box = try writer.scope(call, result: { $0 == nil ? fallbackText(for: field) : nil }) {
        try context.withPendingElement(element) {
          lenient
            ? try container.decodeIfPresent(ArrayBox.self, forKey: codingKey)
            : try container.decode(ArrayBox.self, forKey: codingKey)
        }
      }
      found = box.map { .array($0.elements) }
    case .model(let name):
      let call = DecodingTrace.call(method, type: name, keyCase: keyCase, jsonKey: key)
      let box = try writer.scope(call, result: { $0 == nil ? fallbackText(for: field) : nil }) {
        try context.withPending(name) {
          lenient
            ? try container.decodeIfPresent(ModelBox.self, forKey: codingKey)
            : try container.decode(ModelBox.self, forKey: codingKey)
        }
      }
      found = box?.value
    default:
      let call = DecodingTrace.call(method, type: type.swiftName, keyCase: keyCase, jsonKey: key)
      do {
        found = try ScalarReader.keyed(type, container, codingKey, ifPresent: lenient)
      } catch {
        writer.fail(call, error: error)
        throw error
      }
      writer.record(call, result: found.map(Self.text) ?? fallbackText(for: field))
    }
    guard let found else { return fallback(for: field) }
    return field.type.isOptional ? .optional(found) : found
  }

  /// Whether the intermediate key `key` holds something: `contains`, then
  /// `decodeNil`, each traced; when not, the trace says what the field falls back to.
  private func isPresent(
    _ codingKey: DynamicKey, keyCase: String, in container: Keyed, field: ModelField
  ) throws -> Bool {
    let key = codingKey.stringValue
    let containsCall = "contains(.\(keyCase) → \(key.debugDescription))"
    guard container.contains(codingKey) else {
      writer.record(containsCall, result: "false, so \(fallbackName(for: field))")
      return false
    }
    writer.record(containsCall, result: "true")
    let nilCall = DecodingTrace.call("decodeNil", keyCase: keyCase, jsonKey: key)
    let isNull: Bool
    do {
      isNull = try container.decodeNil(forKey: codingKey)
    } catch {
      writer.fail(nilCall, error: error)
      throw error
    }
    writer.record(nilCall, result: isNull ? "true, so \(fallbackName(for: field))" : "false")
    return !isNull
  }

  /// Whether a missing or null value gives `field` a fallback rather than an error.
  static func isLenient(_ field: ModelField) -> Bool {
    field.type.isOptional || field.defaultValue != nil
  }

  /// The value `field` takes when its value is missing or null: its default, or `nil`.
  func fallback(for field: ModelField) -> DecodedValue {
    let base: DecodedValue? =
      switch field.defaultValue {
      case .string(let text): .string(text)
      case .int(let value): field.type.unwrapped == .double ? .double(Double(value)) : .int(value)
      case .double(let value): .double(value)
      case .bool(let value): .bool(value)
      case .emptyArray: .array([])
      case .null, nil: nil
      }
    guard let base, !field.type.isOptional else { return .optional(base) }
    return base
  }

  /// What `field` falls back to, as a trace says it: `nil`, or `0 (default)`.
  func fallbackName(for field: ModelField) -> String {
    guard let defaultValue = field.defaultValue, defaultValue != .null else { return "nil" }
    return "\(defaultValue.swiftSource) (default)"
  }

  /// The result of a `decodeIfPresent` that found nothing: `nil`, or `nil, so 0 (default)`.
  func fallbackText(for field: ModelField) -> String {
    let name = fallbackName(for: field)
    return name == "nil" ? name : "nil, so \(name)"
  }

  /// A decoded scalar as a trace shows it: `"Cambodia"`, `800`, `2012-06-12 20:30:03 +0000`.
  static func text(_ value: DecodedValue) -> String {
    value.nestedDescription(moduleName: "main")
  }
}

extension ModelType {
  /// The type without any optional wrappers (the language allows one; this is defensive).
  var unwrappedFully: ModelType {
    if case .optional(let wrapped) = self { return wrapped.unwrappedFully }
    return self
  }
}
