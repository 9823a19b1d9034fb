import Foundation

/// Decodes the elements of an array from its unkeyed container, as `[E].init(from:)`
/// does: `decode(E.self)` for each, `E` being optional or not (`decode(String?.self)`:
/// Optional's own `init(from:)` then reads null as nil). The lab asks the container's
/// `decodeIfPresent(String.self)`, which comes to the same value, error and path.
struct ElementReader {
  let context: DecodingContext
  var writer: TraceWriter { context.writer }

  /// Every element left in `unkeyed`.
  func readAll(_ element: ModelType, from unkeyed: inout any UnkeyedDecodingContainer) throws
    -> [DecodedValue]
  {
    var values: [DecodedValue] = []
    while !unkeyed.isAtEnd {
      values.append(try read(element, from: &unkeyed))
    }
    return values
  }

  private func read(_ element: ModelType, from unkeyed: inout any UnkeyedDecodingContainer)
    throws -> DecodedValue
  {
    let optional = element.isOptional
    let type = element.unwrappedFully
    let method = "decode"
    // What the trace names: the element type as Swift spells it (`String?`, `P1?`).
    let traced = optional ? "\(type.swiftName)?" : type.swiftName
    let found: DecodedValue?
    switch type {
    case .array(let inner):
      // `decode([Int].self)`, as `[[Int]].init(from:)` reads an element.
      let call = DecodingTrace.call(method, type: traced)
      let box = try writer.scope(call, result: { $0 == nil ? "nil" : nil }) {
        try context.withPendingElement(inner) {
          optional ? try unkeyed.decodeIfPresent(ArrayBox.self) : try unkeyed.decode(ArrayBox.self)
        }
      }
      found = box.map { .array($0.elements) }
    case .model(let name):
      let call = DecodingTrace.call(method, type: traced)
      let box = try writer.scope(call, result: { $0 == nil ? "nil" : nil }) {
        try context.withPending(name) {
          optional ? try unkeyed.decodeIfPresent(ModelBox.self) : try unkeyed.decode(ModelBox.self)
        }
      }
      found = box?.value
    default:
      let call = DecodingTrace.call(method, type: traced)
      do {
        found = try ScalarReader.unkeyed(type, &unkeyed, ifPresent: optional)
      } catch {
        writer.fail(call, error: error)
        throw error
      }
      writer.record(call, result: found.map(FieldReader.text) ?? "nil")
    }
    return optional ? .optional(found) : found ?? .optional(nil)
  }
}

/// Decodes the scalar types (`String`, `Int`, `Double`, `Bool`, `Date`) from containers.
enum ScalarReader {
  /// `decode(T.self, forKey:)`, or `decodeIfPresent` (nil when missing or null).
  static func keyed(
    _ type: ModelType, _ container: KeyedDecodingContainer<DynamicKey>, _ key: DynamicKey,
    ifPresent: Bool
  ) throws -> DecodedValue? {
    func get<T: Decodable>(_: T.Type) throws -> T? {
      ifPresent
        ? try container.decodeIfPresent(T.self, forKey: key)
        : try container.decode(T.self, forKey: key)
    }
    switch type {
    case .string: return try get(String.self).map(DecodedValue.string)
    case .int: return try get(Int.self).map(DecodedValue.int)
    case .double: return try get(Double.self).map(DecodedValue.double)
    case .bool: return try get(Bool.self).map(DecodedValue.bool)
    case .date: return try get(Date.self).map(DecodedValue.date)
    default: throw notScalar(type, codingPath: container.codingPath + [key])
    }
  }

  /// `decode(T.self)`, or `decodeIfPresent` (nil when null), from an unkeyed container.
  static func unkeyed(
    _ type: ModelType, _ container: inout any UnkeyedDecodingContainer, ifPresent: Bool
  ) throws -> DecodedValue? {
    func get<T: Decodable>(_: T.Type) throws -> T? {
      ifPresent ? try container.decodeIfPresent(T.self) : try container.decode(T.self)
    }
    switch type {
    case .string: return try get(String.self).map(DecodedValue.string)
    case .int: return try get(Int.self).map(DecodedValue.int)
    case .double: return try get(Double.self).map(DecodedValue.double)
    case .bool: return try get(Bool.self).map(DecodedValue.bool)
    case .date: return try get(Date.self).map(DecodedValue.date)
    default: throw notScalar(type, codingPath: container.codingPath)
    }
  }

  private static func notScalar(_ type: ModelType, codingPath: [any CodingKey]) -> DecodingError {
    .dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "\(type.swiftName) is not a scalar type"))
  }
}
