import Foundation

/// Decodes JSON into a model of the lab's library through Foundation's real `JSONDecoder`,
/// so its errors are the `DecodingError`s, with the coding paths, that the generated
/// Swift would throw for the same JSON.
///
/// The decoder runs a private `Decodable` box whose `init(from:)` reads its model from
/// `decoder.userInfo` and decodes each field with the container API, taking the steps of
/// the generated `init(from:)` (`CodegenPlan.steps()`): a trace shows the calls of the
/// Swift that `codegen` prints, in its order. The rules:
///
/// - Fields are decoded in declaration order.
/// - A field is *lenient* when its type is optional or it has a default (`?? value`).
///   `T?` without a default falls back to `nil`; with one, to the default.
/// - The last key of a field's key path (case named as in `GeneratedNames`):
///   - `T` scalar or model, strict: `try c.decode(T.self, forKey: .amount)`;
///   - lenient: `try c.decodeIfPresent(T.self, forKey: .amount) ?? default` (missing or
///     null gives the fallback; a value of the wrong type still throws);
///   - `[E]`, strict: `try c.decode([E].self, forKey: .loans)`, made with an `ArrayBox`
///     whose `init(from:)` does what `[E].init(from:)` does (the trace shows both):
///     `unkeyedContainer()`, then `decode(E.self)` for each element, `E` optional or not
///     (the lab asks `decodeIfPresent` for an optional `E`, to the same effect);
///   - `[E]`, lenient: `try c.decodeIfPresent([E].self, forKey: .tags) ?? default`.
/// - Each intermediate key `k` (`location` in `location.country`), strict when any field
///   read through it is:
///   - strict: `let location = try c.nestedContainer(keyedBy: LocationKeys.self,
///     forKey: .location)` — missing throws `keyNotFound`, null `valueNotFound`, a non-object
///     `typeMismatch`;
///   - lenient (every field through it is): a missing or null intermediate object gives
///     each field read through it its fallback, like `decodeIfPresent` on the outer key;
///     present, it must be an object:
///     ```
///     if c.contains(.location), try !c.decodeNil(forKey: .location) {
///       let location = try c.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
///       town = try location.decodeIfPresent(String.self, forKey: .town)
///     } else {
///       town = nil
///     }
///     ```
///   A strict nested container is opened where a field first needs it and used again by
///   later fields (the trace goes back into it with `(continued)`); a lenient one is
///   checked and opened once for each run of consecutive fields read through it.
/// - Keys: with `.convertFromSnakeCase`, `JSONDecoder` converts the JSON's keys before
///   any lookup, so key paths name the converted, camelCase keys (`loanAmount`,
///   `location.countryCode`); `loan_amount` would never be found.
/// - Dates: `Date` fields decode with the options' date strategy (`.iso8601`,
///   `.deferredToDate`, `.secondsSince1970`), as `JSONDecoder` does.
public enum ModelDecoder {
  /// Decodes `data` as the model `modelName` of `library`, recording each container call
  /// in `trace` if given. Throws `DecodingError` for JSON that does not fit, and
  /// `ModelDecodingError` when the library lacks a model.
  public static func decode(
    _ modelName: String, from data: Data, library: ModelLibrary, options: DecodingOptions,
    trace: DecodingTrace? = nil
  ) throws -> DecodedValue {
    let context = DecodingContext(library: library, trace: trace)
    let decoder = options.makeJSONDecoder()
    if let key = DecodingContext.userInfoKey { decoder.userInfo[key] = context }
    switch library.rootType(modelName) {
    case .model(let name)?:
      return try context.withPending(name) {
        try decoder.decodeWithoutTrapping(ModelBox.self, from: data).value
      }
    case let type?:
      // `[Model]`, `Model?`, `[Model?]` …: what `[Sample].self` or `Sample?.self` decodes.
      context.rootType = type
      return try decoder.decodeWithoutTrapping(RootBox.self, from: data).value
    case nil:
      throw ModelDecodingError.unknownModel(modelName, library)
    }
  }

}

/// A type built on a model at the top level — `[Model]`, `Model?`, `[Model?]` — decoded
/// as Swift's `Array` and `Optional` decode themselves: an array through an unkeyed
/// container, element by element; an optional through a single-value container that is
/// asked `decodeNil()` first.
struct RootBox: Decodable {
  let value: DecodedValue

  init(from decoder: any Decoder) throws {
    let context = try DecodingContext.of(decoder)
    guard let type = context.rootType else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no type to decode"))
    }
    value = try Self.read(type, from: decoder, context: context)
  }

  private static func read(_ type: ModelType, from decoder: any Decoder, context: DecodingContext)
    throws -> DecodedValue
  {
    let writer = context.writer
    switch type {
    case .model(let name):
      return try context.withPending(name) { try ModelBox(from: decoder).value }
    case .optional(let wrapped):
      let call = DecodingTrace.call("singleValueContainer().decodeNil")
      let isNull: Bool
      do {
        isNull = try decoder.singleValueContainer().decodeNil()
        writer.record(call, result: String(isNull))
      } catch {
        writer.fail(call, error: error)
        throw error
      }
      return .optional(isNull ? nil : try read(wrapped, from: decoder, context: context))
    case .array(let element):
      // `JSONDecoder().decode([E].self, …)` calls the array's own init(from:), as a
      // nested array's trace shows it.
      let call = DecodingTrace.call("unkeyedContainer")
      return .array(
        try writer.scope("\(type.swiftName).init(from: decoder)") {
          try writer.scope(call, result: { $0.isEmpty ? "[]" : nil }) {
            var unkeyed = try decoder.unkeyedContainer()
            return try ElementReader(context: context).readAll(element, from: &unkeyed)
          }
        })
    default:
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no model in \(type.swiftName)"))
    }
  }
}

/// The `Decodable` the model decoder hands `JSONDecoder`: decodes the model pending in the
/// context, as the generated struct's `init(from:)` would.
struct ModelBox: Decodable {
  let value: DecodedValue

  init(from decoder: any Decoder) throws {
    let context = try DecodingContext.of(decoder)
    let model = try context.popPending(codingPath: decoder.codingPath)
    let writer = context.writer
    let reader = FieldReader(context: context)
    value = try writer.scope("\(model.name).init(from: decoder)") {
      try writer.scope(DecodingTrace.call("container", keysType: GeneratedNames.rootKeysEnum)) {
        let container = try decoder.container(keyedBy: DynamicKey.self)
        return .model(name: model.name, fields: try reader.readFields(of: model, from: container))
      }
    }
  }
}
