/// Turns merged sample shapes into model definitions: one model per kind of object, its
/// fields in the order the keys were first seen.
struct InferredModelBuilder {
  /// The models so far, each after the models it uses.
  private(set) var models: [ModelDefinition] = []
  /// What was guessed or left out, with the JSON path.
  private(set) var notes: [String] = []
  /// Model names in use (or being built).
  private var taken: Set<String> = []
  /// The name each model would have had without a number: `Image` for `Image2`.
  private var baseNames: [String: String] = [:]

  /// Builds the root model called `name` (taken as given) from `shape`, and what it uses.
  mutating func buildRoot(_ shape: SampleObject, name: String, path: String) {
    _ = build(shape, base: name, path: path, fixedName: name)
  }

  /// Builds the model for the objects of `shape` and returns its name: `base`, or `base2`
  /// when that is taken by a different model. An object just like a model already built
  /// for the same name (the same fields, types and keys) reuses it.
  private mutating func build(
    _ shape: SampleObject, base: String, path: String, fixedName: String? = nil
  ) -> String {
    let name = fixedName ?? InferenceNaming.unique(base, avoiding: taken)
    taken.insert(name)
    var fields: [ModelField] = []
    var propertyNames: Set<String> = []
    for key in shape.keys {
      guard let member = shape.members[key] else { continue }
      let memberPath = path.isEmpty ? key : "\(path).\(key)"
      guard var type = type(of: member.slot, key: key, path: memberPath, inArray: false) else {
        continue
      }
      // Missing from some objects, or null in some: optional.
      if member.present < shape.count || member.slot.hasNull, !type.isOptional {
        type = .optional(type)
      }
      let property = InferenceNaming.unique(
        InferenceNaming.propertyName(forKey: key), avoiding: propertyNames)
      propertyNames.insert(property)
      fields.append(ModelField(name: property, type: type, keyPath: [key]))
    }
    if fixedName == nil,
      let same = models.first(where: { baseNames[$0.name] == base && $0.fields == fields })
    {
      taken.remove(name)
      return same.name
    }
    models.append(ModelDefinition(name: name, fields: fields))
    baseNames[name] = base
    return name
  }

  /// The Swift type of the values in `slot` (found under `key`, in an array's elements
  /// when `inArray`), not counting null; nil when no one type holds them.
  private mutating func type(of slot: SampleSlot, key: String, path: String, inArray: Bool)
    -> ModelType?
  {
    switch slot.shape {
    case .nothing:
      // Only nulls (the caller makes it optional), or the elements of empty arrays.
      if !inArray { notes.append("\(path) is always null: guessed String?") }
      return .string
    case .bool: return .bool
    case .int: return .int
    case .double: return .double
    case .string: return .string
    case .date: return .date
    case .array(let element):
      if case .nothing = element.shape {
        notes.append(
          element.hasNull
            ? "\(path) holds only nulls: guessed [String?]"
            : "\(path) is always an empty array: guessed [String]")
      }
      guard let elementType = type(of: element, key: key, path: "\(path)[]", inArray: true)
      else { return nil }
      return .array(element.hasNull ? .optional(elementType) : elementType)
    case .object(let object):
      let base =
        inArray
        ? InferenceNaming.modelName(forElementsAt: key)
        : InferenceNaming.modelName(forObjectAt: key)
      return .model(build(object, base: base, path: path))
    case .mixed(let kinds):
      let found = kinds.sorted().joined(separator: " and ")
      notes.append("\(path) holds \(found): left out, as no one Swift type holds them")
      return nil
    }
  }
}
