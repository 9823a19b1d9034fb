/// The models the lab knows, by name, in the order they were defined: the built-in
/// ones (the tutorial's steps) and those defined at the prompt or inferred.
public struct ModelLibrary: Equatable, Sendable {
  private var byName: [String: ModelDefinition] = [:]
  /// The names of the models, in the order they were defined.
  public private(set) var names: [String] = []

  /// Creates a library holding `definitions`.
  public init(_ definitions: [ModelDefinition] = []) {
    for definition in definitions { insert(definition) }
  }

  /// The model called `name` (exact spelling).
  public subscript(name: String) -> ModelDefinition? {
    byName[name]
  }

  /// Every model, in the order defined.
  public var definitions: [ModelDefinition] {
    names.compactMap { byName[$0] }
  }

  /// Adds a model, or replaces the one with its name (keeping its place).
  public mutating func insert(_ definition: ModelDefinition) {
    if byName[definition.name] == nil { names.append(definition.name) }
    byName[definition.name] = definition
  }

  /// Removes the model called `name`.
  public mutating func remove(_ name: String) {
    byName[name] = nil
    names.removeAll { $0 == name }
  }

  /// The models with a field of the model called `name` (through arrays and optionals),
  /// in the library's order.
  public func users(of name: String) -> [String] {
    names.filter { user in
      user != name
        && (byName[user]?.fields.contains { $0.type.referencedModels.contains(name) } ?? false)
    }
  }

  /// The model called `name` and every model it uses, each once, those used first:
  /// the order in which Swift source can declare them.
  public func closure(of name: String) -> [ModelDefinition] {
    var ordered: [ModelDefinition] = []
    var visited: Set<String> = []
    func visit(_ name: String) {
      guard !visited.contains(name), let definition = byName[name] else { return }
      visited.insert(name)
      for field in definition.fields {
        for used in field.type.referencedModels { visit(used) }
      }
      ordered.append(definition)
    }
    visit(name)
    return ordered
  }
}

extension ModelType {
  /// The models this type names, through arrays and optionals.
  public var referencedModels: [String] {
    switch self {
    case .model(let name): [name]
    case .array(let element): element.referencedModels
    case .optional(let wrapped): wrapped.referencedModels
    default: []
    }
  }
}
