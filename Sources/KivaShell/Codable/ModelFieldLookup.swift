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

  /// What decoding `root` decodes: one of the models, or a type built on one as Swift
  /// writes it — `[Model]` (a JSON whose top level is an array), `[Model?]` (an array
  /// that holds nulls), `Model?` (a JSON that may be `null`), `[Model]?`, `[[Model]]`;
  /// nil when the library has no such model or the text is no such type.
  func rootType(_ root: String) -> ModelType? {
    if root.hasSuffix("?") {
      let wrapped = root.dropLast()
      guard !wrapped.hasSuffix("?"), let type = rootType(String(wrapped)) else { return nil }
      return .optional(type)
    }
    if root.hasPrefix("["), root.hasSuffix("]") {
      return rootType(String(root.dropFirst().dropLast())).map { .array($0) }
    }
    return self[root] == nil ? nil : .model(root)
  }

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
