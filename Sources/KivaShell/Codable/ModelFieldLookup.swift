extension ModelLibrary {
  /// The type of the value at `codingPath` when `root` is decoded: follows fields by their
  /// key paths (coding paths name the keys as the decoder looked them up) and arrays by
  /// index; nil when the path leads nowhere in the models.
  func type(at codingPath: [any CodingKey], root: String) -> ModelType? {
    guard let type = follow(codingPath, root: root)?.type else { return nil }
    if case .optional(let wrapped) = type { return wrapped }
    return type
  }

  /// The field of a model whose key path `codingPath` ends at (`amount` for a path
  /// ending `loan_amount`); nil when it ends at an array's element or leads nowhere.
  func field(at codingPath: [any CodingKey], root: String) -> ModelField? {
    follow(codingPath, root: root)?.field
  }

  /// The fields whose key paths run on past `codingPath` when `root` is decoded, in the
  /// order their model declares them, each with the keys it still reads there: in
  /// `model NestedLoan { …; country: String = location.country; … }` the path
  /// `[location]` gives `country` with `["country"]`, and `[]` gives every field.
  /// Foundation's paths stop short of a key it could not read; these are the candidates.
  func fields(readingPast codingPath: [any CodingKey], root: String)
    -> [(field: ModelField, keys: ArraySlice<String>)]
  {
    guard let (model, inside) = model(readingPast: codingPath, root: root) else { return [] }
    return model.fields.compactMap { field in
      guard field.keyPath.count > inside.count, field.keyPath.starts(with: inside) else {
        return nil
      }
      return (field, field.keyPath.dropFirst(inside.count))
    }
  }

  /// The model whose fields' key paths run on past `codingPath` (the model of the longest
  /// start of the path that leads somewhere), with the keys of the rest of the path: for
  /// `[location]` in `NestedLoan`, `NestedLoan` and `["location"]`.
  func model(readingPast codingPath: [any CodingKey], root: String)
    -> (model: ModelDefinition, inside: [String])?
  {
    var split = codingPath.count
    var reached = follow(codingPath, root: root)
    while reached == nil, split > 0 {
      split -= 1
      reached = follow(Array(codingPath[..<split]), root: root)
    }
    guard case .model(let name)? = reached?.type.unwrappedFully, let model = self[name] else {
      return nil
    }
    return (model, codingPath[split...].map(\.stringValue))
  }

  /// What decoding `root` decodes: one of the models, or a type built on one as Swift
  /// writes it — `[Model]` (a JSON whose top level is an array), `[Model?]` (an array
  /// that holds nulls), `Model?` (a JSON that may be `null`), `[Model]?`, `[[Model]]`;
  /// nil when the library has no such model, the text is no such type, or it nests more
  /// than `maximumRootNesting` arrays and optionals.
  func rootType(_ root: String) -> ModelType? {
    // Outside in, without recursion: the text is typed input, of any depth.
    enum Layer { case array, optional }
    var layers: [Layer] = []
    var text = Substring(root)
    while layers.count <= Self.maximumRootNesting {
      if text.hasSuffix("?") {
        // `T??` is no type the lab writes.
        guard layers.last != .optional else { return nil }
        layers.append(.optional)
        text = text.dropLast()
      } else if text.hasPrefix("["), text.hasSuffix("]") {
        layers.append(.array)
        text = text.dropFirst().dropLast()
      } else {
        break
      }
    }
    let name = String(text)
    guard layers.count <= Self.maximumRootNesting, self[name] != nil else { return nil }
    return layers.reversed().reduce(ModelType.model(name)) { type, layer in
      layer == .array ? .array(type) : .optional(type)
    }
  }

  /// How many arrays and optionals `rootType` takes around a model.
  static let maximumRootNesting = 8

  /// Where `codingPath` leads from `root`: the type there, and the field it ends at.
  private func follow(_ codingPath: [any CodingKey], root: String)
    -> (type: ModelType, field: ModelField?)?
  {
    guard var type = rootType(root) else { return nil }
    var field: ModelField?
    var keys = codingPath[...]
    while let key = keys.first {
      switch type {
      case .optional(let wrapped):
        type = wrapped
      case .array(let element):
        guard key.intValue != nil else { return nil }
        type = element
        field = nil
        keys = keys.dropFirst()
      case .model(let name):
        let remaining = keys.map(\.stringValue)
        guard
          let found = self[name]?.fields.first(where: {
            remaining.starts(with: $0.keyPath)
          })
        else { return nil }
        type = found.type
        field = found
        keys = keys.dropFirst(found.keyPath.count)
      default:
        return nil
      }
    }
    return (type, field)
  }
}
