extension Session {
  /// Checks `definitions` against the library, saves them (and forgets `deleting`) in the
  /// store, and adds them to the session's library.
  mutating func saveModels(
    _ definitions: [ModelDefinition], deleting: [String] = [], store: UserDataStore,
    locate: (ModelValidationError) -> Range<Int>? = { _ in nil }
  ) throws(ShellError) {
    var library = models
    for name in deleting { library.remove(name) }
    do {
      try library.validate(definitions, builtInNames: BuiltInModels.names)
    } catch {
      throw ShellError(.modelDefinition(error.message), at: locate(error))
    }
    do {
      for name in deleting { try store.deleteModel(named: name) }
      for definition in definitions {
        try store.saveModel(SavedModel(name: definition.name, source: definition.source))
      }
    } catch {
      throw ShellError(.saveFailed(error.message))
    }
    for definition in definitions { library.insert(definition) }
    models = library
  }

  /// The error for a model name that is not known, with a did-you-mean.
  func unknownModel(_ name: Token, userOnly: Bool = false) -> ShellError {
    // Never the name typed: "no model 'Loan' — did you mean 'Loan'?" helps nobody.
    let candidates =
      (userOnly
      ? models.names.filter { !BuiltInModels.names.contains($0) }
      : models.names + BuiltInModels.swiftTypeNames).filter { $0 != name.text }
    return ShellError(
      .unknownModel(name.text, suggestion: EditDistance.closest(to: name.text, among: candidates)),
      at: name)
  }

  /// Rebuilds the library from the built-in models and the saved ones.
  mutating func reloadModels(from saved: [SavedModel]) {
    var library = BuiltInModels.library
    for model in saved {
      guard let definitions = try? ModelParser.parse(model.source) else { continue }
      for definition in definitions where !BuiltInModels.names.contains(definition.name) {
        library.insert(definition)
      }
    }
    models = library
  }
}
