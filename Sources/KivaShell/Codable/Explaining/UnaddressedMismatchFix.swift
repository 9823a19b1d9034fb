import Foundation

extension ExplainingContext {
  /// The fix for a value of the wrong type where no property is: the top level or an
  /// element of the array the command decodes (`var value: Int` would name nothing), or a
  /// key that a lab model's fields only read through (`location` of `country: String =
  /// location.country`, which is no property). Nil where a property is, so the usual
  /// type change applies.
  func unaddressedFix(
    _ codingPath: [any CodingKey], expected: String, found: JSONValue?
  ) -> String? {
    if codingPath.allSatisfy(JSONPath.isIndex) {
      return wholeValueFix(depth: codingPath.count, expected: expected, found: found)
    }
    return throughKeyFix(codingPath, found: found)
  }

  /// `the JSON is a number, not an object of S: in Swift, decode Int (Int.self), or check
  /// that it is the JSON you meant`; `the array holds …` for an element.
  private func wholeValueFix(depth: Int, expected: String, found: JSONValue?) -> String? {
    let model = modelName.trimmingCharacters(in: CharacterSet(charactersIn: "[]?"))
    let inner: String
    switch found {
    case .array? where expected == "an object": inner = "[\(model)]"
    case .object? where expected == "an array": inner = model
    case let value?:
      guard let swiftType = value.swiftType else { return nil }
      inner = swiftType
    case nil:
      return nil
    }
    guard let found else { return nil }
    let type = String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
    let wanted = expected == "an object" ? "an object of \(model)" : expected
    let holder = depth == 0 ? "the JSON is" : "the array holds"
    return "fix: \(holder) \(found.kind), not \(wanted): check that it is the JSON you meant, "
      + "or decode it in Swift as \(type) (\(type).self)"
  }

  /// For a lab model whose fields read through the key the path ends at, which holds no
  /// object: point the field at the key itself, keeping its optional and default:
  /// `country: String = location (in Swift: var country: String, read from the key
  /// 'location')`. Several fields cannot all read one value, which the fix says.
  private func throughKeyFix(_ codingPath: [any CodingKey], found: JSONValue?) -> String? {
    guard let library = labLibrary, library.field(at: codingPath, root: modelName) == nil,
      let key = codingPath.last?.stringValue, let found
    else { return nil }
    let readers = library.fields(readingPast: codingPath, root: modelName)
    guard let first = readers.first else { return nil }
    let names = readers.map { "'\($0.field.name)'" }
    let intro =
      "fix: '\(key)' holds \(found.kind), not an object, so \(JSONValueText.list(names)) "
      + "cannot be read inside it"
    guard let swiftType = found.swiftType, let type = ModelType(swiftName: swiftType) else {
      return intro + ": check the key path against the JSON"
    }
    var field = first.field
    field.keyPath = Array(field.keyPath.prefix(field.keyPath.count - first.keys.count))
    field.type = field.type.isOptional ? .optional(type) : type
    field.defaultValue = field.defaultValue.flatMap { ModelLiteral.converted($0, to: type) }
    // One key is read by one field: with others still reading through it, the line would
    // be refused.
    guard readers.count == 1, isAccepted(field, replacing: first.field, at: codingPath) else {
      return intro + ": check the key path against the JSON"
    }
    return intro + ": read the key itself: \(field.source) (in Swift: var "
      + "\(SwiftIdentifier.escaped(field.name)): \(field.type.swiftName), read from the key "
      + "'\(key)')"
  }

  /// Whether the model holding `old` (reached by `codingPath`) would still be accepted
  /// with `new` in its place: a fix must not make `model` refuse it.
  func isAccepted(_ new: ModelField, replacing old: ModelField, at codingPath: [any CodingKey])
    -> Bool
  {
    guard let library, var model = library.model(readingPast: codingPath, root: modelName)?.model,
      let index = model.fields.firstIndex(of: old)
    else { return false }
    model.fields[index] = new
    return isAccepted(model)
  }

  /// Whether `model`, changed by a fix, would still be accepted by the `model` command.
  func isAccepted(_ model: ModelDefinition) -> Bool {
    do {
      try ModelValidator.checkFields(of: model, knownModels: library?.names ?? [])
      return true
    } catch {
      return false
    }
  }
}

extension JSONValue {
  /// What the value is, without the value: `a string`, `a number`, `an array`.
  var kind: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .object: "an object"
    case .array: "an array"
    }
  }
}
