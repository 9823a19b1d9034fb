extension ModelLibrary {
  /// Checks that `definitions` can join this library and become Swift that compiles:
  ///
  /// - model names are identifiers starting with an uppercase letter, not a built-in
  ///   model's (`model 'Loan' is built in — choose another name, e.g. 'MyLoan'`), not a
  ///   Swift or Foundation type's, not ending in `Keys` (generated Swift's key enums),
  ///   and not repeated among `definitions`;
  /// - field names are identifiers and not Swift keywords (`'default' is a Swift keyword —
  ///   call the field something else and map it: defaultValue: String = default`), and
  ///   appear once in their model;
  /// - no two fields read the same key path, and the `CodingKeys`-style enums the model
  ///   needs (see `GeneratedNames.keyEnums(for:)`) name each key once;
  /// - each model a field uses exists here or among `definitions`, types are optional at
  ///   most once, defaults fit their types, and no model contains itself except through
  ///   an array (a Swift struct cannot).
  ///
  /// Models in the library that `definitions` redefine are judged by the new definition.
  public func validate(_ definitions: [ModelDefinition], builtInNames: Set<String>)
    throws(ModelValidationError)
  {
    var seen: Set<String> = []
    for definition in definitions {
      try ModelValidator.checkModelName(definition.name, builtInNames: builtInNames)
      guard seen.insert(definition.name).inserted else {
        throw ModelValidationError(message: "model '\(definition.name)' is defined twice")
      }
    }
    var known = self
    for definition in definitions { known.insert(definition) }
    for definition in definitions {
      try ModelValidator.checkFields(of: definition, knownModels: known.names)
    }
    for definition in definitions {
      try ModelValidator.checkContainment(of: definition.name, in: known)
    }
  }
}

/// The checks behind `ModelLibrary.validate(_:builtInNames:)`.
enum ModelValidator {
  static func fail(_ message: String) -> ModelValidationError {
    ModelValidationError(message: message)
  }

  /// Why a model cannot take a name; `checkModelName` says it, and the hint for an unknown
  /// type (`SwiftNames.unknownTypeMessage`) goes by it.
  enum NameRefusal {
    case builtIn, notIdentifier, lowercase, hidesSwiftType, endsInKeys
  }

  /// Why no model may be called `name`; nil when one may.
  static func refusal(ofModelName name: String, builtInNames: Set<String>) -> NameRefusal? {
    if builtInNames.contains(name) { return .builtIn }
    guard SwiftNames.isIdentifier(name) else { return .notIdentifier }
    guard let first = name.first, first.isUppercase else { return .lowercase }
    if SwiftNames.reservedTypeNames.contains(name) { return .hidesSwiftType }
    if name.hasSuffix("Keys") { return .endsInKeys }
    return nil
  }

  static func checkModelName(_ name: String, builtInNames: Set<String>)
    throws(ModelValidationError)
  {
    switch refusal(ofModelName: name, builtInNames: builtInNames) {
    case nil:
      return
    case .builtIn:
      throw fail("model '\(name)' is built in — choose another name, e.g. 'My\(name)'")
    case .notIdentifier:
      throw fail("model name '\(name)' is not a Swift name — use letters, digits and '_'")
    case .lowercase:
      let capitalized = name.prefix(1).uppercased() + name.dropFirst()
      throw fail("model name '\(name)' must start with an uppercase letter, e.g. '\(capitalized)'")
    case .hidesSwiftType:
      throw fail("model '\(name)' would hide Swift's \(name) — choose another name")
    case .endsInKeys:
      throw fail(
        "model name '\(name)' ends in 'Keys', which generated Swift keeps for its key enums "
          + "— choose another name")
    }
  }

  static func checkFields(of model: ModelDefinition, knownModels: [String])
    throws(ModelValidationError)
  {
    var names: Set<String> = []
    var paths: [[String]: String] = [:]
    for (index, field) in model.fields.enumerated() {
      do {
        try checkField(field, of: model, names: &names, paths: &paths, knownModels: knownModels)
      } catch {
        throw error.about(field: index, of: model.name)
      }
    }
    if let conflict = GeneratedNames.keyConflict(in: model) { throw fail(conflict) }
  }

  /// The checks of one field; `names` and `paths` hold those of the fields before it.
  private static func checkField(
    _ field: ModelField, of model: ModelDefinition, names: inout Set<String>,
    paths: inout [[String]: String], knownModels: [String]
  ) throws(ModelValidationError) {
    try checkFieldName(field, in: model.name)
    guard names.insert(field.name).inserted else {
      throw fail("field '\(field.name)' appears twice in model '\(model.name)'")
    }
    guard !field.keyPath.isEmpty else {
      throw fail("field '\(field.name)' of model '\(model.name)' has no key to read")
    }
    if let other = paths[field.keyPath] {
      throw fail(
        "fields '\(other)' and '\(field.name)' of model '\(model.name)' both read "
          + "'\(ModelSource.keyPath(field.keyPath))' — read it once")
    }
    paths[field.keyPath] = field.name
    try checkType(field.type, of: field, knownModels: knownModels)
    if let defaultValue = field.defaultValue,
      let problem = defaultValue.misfit(
        for: field.type, written: ModelSource.literal(defaultValue))
    {
      throw fail("\(problem) (field '\(field.name)' of model '\(model.name)')")
    }
  }

  private static func checkFieldName(_ field: ModelField, in model: String)
    throws(ModelValidationError)
  {
    guard SwiftNames.isIdentifier(field.name) else {
      throw fail("field name '\(field.name)' in model '\(model)' is not a Swift name")
    }
    if SwiftNames.keywords.contains(field.name) {
      let renamed = field.name == "_" ? "value" : "\(field.name)Value"
      throw fail(
        "'\(field.name)' is a Swift keyword — call the field something else and map it: "
          + "\(renamed): \(field.type.swiftName) = \(ModelSource.keyPath(field.keyPath))")
    }
  }

  private static func checkType(
    _ type: ModelType, of field: ModelField, knownModels: [String]
  ) throws(ModelValidationError) {
    switch type {
    case .model(let name) where !knownModels.contains(name):
      throw fail(
        SwiftNames.unknownTypeMessage(name, models: knownModels) + " (field '\(field.name)')")
    case .optional(.optional):
      throw fail(
        "type '\(type.swiftName)' of field '\(field.name)' is optional twice — one '?' is enough")
    case .optional(let inner), .array(let inner):
      try checkType(inner, of: field, knownModels: knownModels)
    default:
      break
    }
  }

  /// Refuses a model that holds itself other than through an array: `A { b: B }` with
  /// `B { a: A? }` would be a struct of infinite size.
  static func checkContainment(of name: String, in library: ModelLibrary)
    throws(ModelValidationError)
  {
    var trail: [String] = []
    if let cycle = containedCycle(from: name, target: name, library: library, trail: &trail) {
      throw fail(
        "model '\(name)' contains itself (\(cycle)) — a Swift struct can't; "
          + "hold it in an array instead, e.g. [\(name)]")
    }
  }

  private static func containedCycle(
    from current: String, target: String, library: ModelLibrary, trail: inout [String]
  ) -> String? {
    guard let definition = library[current], !trail.contains(current) else { return nil }
    trail.append(current)
    defer { trail.removeLast() }
    for field in definition.fields {
      guard case .model(let used) = field.type.unwrapped else { continue }
      let step = "\(current).\(field.name)"
      if used == target { return step }
      if let rest = containedCycle(from: used, target: target, library: library, trail: &trail) {
        return "\(step) → \(rest)"
      }
    }
    return nil
  }
}
