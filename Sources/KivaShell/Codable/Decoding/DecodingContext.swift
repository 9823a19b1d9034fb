import Foundation

/// What the model decoder's `Decodable` box needs while a `JSONDecoder` runs it: the
/// library, the trace, and the names of the models whose `init(from:)` is about to run.
/// It reaches the box through `Decoder.userInfo`.
///
/// `@unchecked Sendable`: `userInfo` may require sendable values, but a context lives
/// only for one synchronous `ModelDecoder.decode` call on one thread and is never shared.
final class DecodingContext: @unchecked Sendable {
  /// The `userInfo` key the context is stored under.
  static let userInfoKey = CodingUserInfoKey(rawValue: "kivash.modelDecodingContext")

  let library: ModelLibrary
  let writer: TraceWriter
  /// Models whose box is about to decode, innermost last: pushed before a nested
  /// `decode(Box.self, …)`, popped by the box's `init(from:)`.
  private(set) var pendingModels: [String] = []
  /// The element types of the arrays whose box is about to decode, innermost last:
  /// pushed before a `decode(ArrayBox.self, …)`, popped by the box's `init(from:)`.
  private(set) var pendingElements: [ModelType] = []
  /// What the top level decodes when it is not one model (`[Model]`, `Model?`, …).
  var rootType: ModelType?
  /// The steps of each model's `init(from:)` worked out so far, by model name.
  private var plannedSteps: [String: [CodegenPlan.Step]] = [:]

  init(library: ModelLibrary, trace: DecodingTrace?) {
    self.library = library
    writer = TraceWriter(trace)
  }

  /// The steps of `model`'s `init(from:)`, as `codegen` writes it; worked out once per
  /// decode, however many elements of an array the model decodes.
  func steps(for model: ModelDefinition) -> [CodegenPlan.Step] {
    if let steps = plannedSteps[model.name] { return steps }
    let steps = CodegenPlan(model).steps()
    plannedSteps[model.name] = steps
    return steps
  }

  /// The context `decoder` carries.
  static func of(_ decoder: any Decoder) throws -> DecodingContext {
    guard let key = userInfoKey, let context = decoder.userInfo[key] as? DecodingContext else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no model decoding context"))
    }
    return context
  }

  /// Runs `body`, which decodes a box, with `model` pending; if the box never ran (the
  /// key was missing or null), forgets it again.
  func withPending<T>(_ model: String, _ body: () throws -> T) rethrows -> T {
    let depth = pendingModels.count
    pendingModels.append(model)
    defer {
      if pendingModels.count > depth { pendingModels.removeSubrange(depth...) }
    }
    return try body()
  }

  /// Runs `body`, which decodes an `ArrayBox`, with `element` pending as the type of the
  /// array's elements; if the box never ran (missing or null), forgets it again.
  func withPendingElement<T>(_ element: ModelType, _ body: () throws -> T) rethrows -> T {
    let depth = pendingElements.count
    pendingElements.append(element)
    defer {
      if pendingElements.count > depth { pendingElements.removeSubrange(depth...) }
    }
    return try body()
  }

  /// The element type of the array the box being initialized decodes.
  func popPendingElement(codingPath: [any CodingKey]) throws -> ModelType {
    guard let element = pendingElements.popLast() else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath, debugDescription: "no array to decode"))
    }
    return element
  }

  /// The model the box being initialized decodes.
  func popPending(codingPath: [any CodingKey]) throws -> ModelDefinition {
    guard let name = pendingModels.popLast() else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath, debugDescription: "no model to decode"))
    }
    guard let model = library[name] else { throw ModelDecodingError.unknownModel(name, library) }
    return model
  }
}

/// A coding key made from a JSON key at run time: what a case of a generated keys enum
/// stands for. It describes itself as that enum's case would
/// (`CodingKeys(stringValue: "name", intValue: nil)`), so Foundation's error descriptions
/// read as they do for the generated Swift.
struct DynamicKey: CodingKey {
  let stringValue: String
  let intValue: Int?
  /// The generated keys enum the case belongs to: `CodingKeys`, `LocationKeys`.
  let enumName: String

  init(_ key: String, in enumName: String) {
    stringValue = key
    intValue = nil
    self.enumName = enumName
  }

  init?(stringValue: String) {
    self.init(stringValue, in: GeneratedNames.rootKeysEnum)
  }

  init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
    enumName = GeneratedNames.rootKeysEnum
  }

  var description: String {
    "\(enumName)(stringValue: \"\(stringValue)\", intValue: \(intValue.map(String.init) ?? "nil"))"
  }

  var debugDescription: String { description }
}

/// A problem with the models rather than the JSON: a model the library lacks.
public struct ModelDecodingError: Error, Equatable, Sendable {
  /// The message, one line.
  public var message: String

  /// Creates an error.
  public init(message: String) {
    self.message = message
  }

  /// `no model named 'Lone' — did you mean 'Loan'?`
  static func unknownModel(_ name: String, _ library: ModelLibrary) -> ModelDecodingError {
    let suggestion = EditDistance.closest(to: name, among: library.names)
    let hint = suggestion.map { " — did you mean '\($0)'?" } ?? ""
    return ModelDecodingError(message: "no model named '\(name)'\(hint)")
  }
}
