import Foundation

/// Decodes the fields of a model from its struct's keyed container by the steps of the
/// `init(from:)` that `codegen` prints (`CodegenPlan.steps()`), following the rules
/// documented on `ModelDecoder`, and traces each call: the trace shows the calls of the
/// printed Swift, in its order.
struct FieldReader {
  typealias Keyed = KeyedDecodingContainer<DynamicKey>

  let context: DecodingContext
  var writer: TraceWriter { context.writer }

  /// The values of `model`'s fields, in its order, read from `container`, the model's
  /// top-level container.
  func readFields(of model: ModelDefinition, from container: Keyed) throws -> [DecodedField] {
    var values: [String: DecodedValue] = [:]
    var opened: [[String]: Keyed] = [:]
    try run(
      context.steps(for: model), on: container, enumName: GeneratedNames.rootKeysEnum,
      opened: &opened, values: &values)
    return model.fields.map { DecodedField($0.name, values[$0.name] ?? fallback(for: $0)) }
  }

  /// Takes `steps` on `container`, whose keys are those of `enumName`. `opened` holds the
  /// nested containers opened so far that later steps may use again, by their keys;
  /// `values` gets each field read, by its name.
  private func run(
    _ steps: [CodegenPlan.Step], on container: Keyed, enumName: String,
    opened: inout [[String]: Keyed], values: inout [String: DecodedValue]
  ) throws {
    for step in steps {
      switch step {
      case .read(let read):
        let key = DynamicKey(read.field.keyPath.last ?? read.field.name, in: enumName)
        values[read.field.name] = try readLast(
          read.field, keyCase: read.caseName, key: key, in: container)
      case .nested(let nested, let path, let opens, let inner):
        if opens {
          try writer.scope(Self.openCall(nested)) {
            let inside = try container.nestedContainer(
              keyedBy: DynamicKey.self, forKey: DynamicKey(nested.jsonKey, in: enumName))
            opened[path] = inside
            try run(inner, on: inside, enumName: nested.enumName, opened: &opened, values: &values)
          }
        } else {
          // Opened by an earlier step: the trace goes back into it, as `(continued)`.
          guard let inside = opened[path] else {
            throw DecodingError.dataCorrupted(
              .init(
                codingPath: container.codingPath,
                debugDescription: "no container opened for '\(nested.jsonKey)'"))
          }
          try writer.scope(Self.openCall(nested) + " (continued)") {
            try run(inner, on: inside, enumName: nested.enumName, opened: &opened, values: &values)
          }
        }
      case .ifPresent(let nested, _, let inner, let fallbacks):
        let key = DynamicKey(nested.jsonKey, in: enumName)
        guard try isPresent(key, keyCase: nested.caseName, in: container, fallbacks: fallbacks)
        else {
          for field in fallbacks { values[field.name] = fallback(for: field) }
          continue
        }
        try writer.scope(Self.openCall(nested)) {
          let inside = try container.nestedContainer(keyedBy: DynamicKey.self, forKey: key)
          var insideOpened: [[String]: Keyed] = [:]
          try run(
            inner, on: inside, enumName: nested.enumName, opened: &insideOpened, values: &values)
        }
      }
    }
  }

  /// `nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location")`.
  private static func openCall(_ nested: CodegenPlan.Container) -> String {
    DecodingTrace.call(
      "nestedContainer", keyCase: nested.caseName, jsonKey: nested.jsonKey,
      keysType: nested.enumName)
  }

  /// Decodes the last key of `field`'s path.
  private func readLast(
    _ field: ModelField, keyCase: String, key codingKey: DynamicKey, in container: Keyed
  ) throws -> DecodedValue {
    let lenient = field.hasFallback
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

  /// Whether the key `codingKey` of a nested object holds something: `contains`, then
  /// `decodeNil`, each traced; when not, the trace says what `fallbacks`, the fields read
  /// through it, fall back to.
  private func isPresent(
    _ codingKey: DynamicKey, keyCase: String, in container: Keyed, fallbacks: [ModelField]
  ) throws -> Bool {
    let key = codingKey.stringValue
    let containsCall = "contains(.\(keyCase) → \(key.debugDescription))"
    guard container.contains(codingKey) else {
      writer.record(containsCall, result: "false, so \(fallbackNames(for: fallbacks))")
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
    writer.record(
      nilCall, result: isNull ? "true, so \(fallbackNames(for: fallbacks))" : "false")
    return !isNull
  }

  /// What the fields read through a missing or null object fall back to, as a trace says
  /// it: `nil` for one, `town = nil, count = 0 (default)` for several.
  private func fallbackNames(for fields: [ModelField]) -> String {
    guard fields.count > 1 else { return fields.first.map(fallbackName) ?? "nil" }
    return fields.map { "\(SwiftIdentifier.escaped($0.name)) = \(fallbackName(for: $0))" }
      .joined(separator: ", ")
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
