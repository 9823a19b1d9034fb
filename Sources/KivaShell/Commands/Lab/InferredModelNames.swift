/// Names for the models `infer` works out that take nothing the user already has.
///
/// An inferred model whose name is a built-in model's is renamed after the sample
/// (`Loan` from a sample called `Newest` becomes `NewestLoan`; the sample's own model,
/// `FlatLoan2`). One whose name is a model the user defined or inferred before is kept
/// under that name only when it is the same model; otherwise it gets the first free
/// numbered name (`Address2`) and a note says so: inferring never replaces a model it
/// named itself. The sample's own model, when the user named it (`--name Point`), takes
/// that name and replaces the model there, as `model Point {…}` would.
/// Fields that use a renamed model follow it.
struct InferredModelNames {
  /// The definitions, renamed where needed.
  let definitions: [ModelDefinition]
  /// Models renamed because the user has a different model of that name.
  let keptApart: [(name: String, newName: String)]
  /// The final name of each inferred model.
  let names: [String: String]

  /// Names `inferred` (the sample's model is `rootName`) beside the models of `library`;
  /// `replacingRoot` lets the sample's model replace a different model called `rootName`.
  init(
    _ inferred: [ModelDefinition], rootName: String, library: ModelLibrary,
    replacingRoot: Bool = false
  ) {
    let builtIn = BuiltInModels.names
    var names: [String: String] = [:]
    for definition in inferred {
      let name = definition.name
      names[name] = builtIn.contains(name) && name != rootName ? rootName + name : name
    }
    let wanted = names
    // Whether `definition` may have `name`: not a built-in model's, not another inferred
    // model's, and not a different model of the user's.
    func fits(_ definition: ModelDefinition, as name: String) -> Bool {
      guard !builtIn.contains(name) else { return false }
      let others = inferred.contains { $0.name != definition.name && names[$0.name] == name }
      guard !others else { return false }
      if replacingRoot, definition.name == rootName, name == rootName { return true }
      guard let existing = library[name] else { return true }
      var tried = names
      tried[definition.name] = name
      return Self.renamed(definition, tried) == existing
    }
    // Renaming one model can make another that uses it differ: go on until all fit.
    var changed = true
    while changed {
      changed = false
      for definition in inferred {
        guard let name = names[definition.name], !fits(definition, as: name) else { continue }
        let base = wanted[definition.name] ?? definition.name
        var suffix = 2
        while !fits(definition, as: base + String(suffix)) { suffix += 1 }
        names[definition.name] = base + String(suffix)
        changed = true
      }
    }
    self.names = names
    definitions = inferred.map { Self.renamed($0, names) }
    keptApart = inferred.compactMap { definition in
      guard let want = wanted[definition.name], let name = names[definition.name], name != want,
        library[want] != nil, !builtIn.contains(want)
      else { return nil }
      return (want, name)
    }
  }

  /// `definition` with its name and the models its fields use renamed.
  private static func renamed(_ definition: ModelDefinition, _ renames: [String: String])
    -> ModelDefinition
  {
    var renamed = definition
    renamed.name = renames[definition.name] ?? definition.name
    renamed.fields = definition.fields.map { field in
      var field = field
      field.type = field.type.renamingModels(renames)
      return field
    }
    return renamed
  }
}

extension ModelType {
  /// This type with the models it names renamed.
  func renamingModels(_ renames: [String: String]) -> ModelType {
    switch self {
    case .model(let name): .model(renames[name] ?? name)
    case .array(let element): .array(element.renamingModels(renames))
    case .optional(let wrapped): .optional(wrapped.renamingModels(renames))
    default: self
    }
  }
}
