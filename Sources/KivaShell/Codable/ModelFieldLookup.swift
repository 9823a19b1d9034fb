extension ModelLibrary {
  /// The type of the value at `codingPath` when `root` is decoded: follows fields by their
  /// key paths (coding paths name the keys as the decoder looked them up) and arrays by
  /// index; nil when the path leads nowhere in the models.
  func type(at codingPath: [any CodingKey], root: String) -> ModelType? {
    var type = ModelType.model(root)
    var keys = codingPath[...]
    while let key = keys.first {
      switch type {
      case .optional(let wrapped):
        type = wrapped
      case .array(let element):
        guard key.intValue != nil else { return nil }
        type = element
        keys = keys.dropFirst()
      case .model(let name):
        let remaining = keys.map(\.stringValue)
        guard
          let field = self[name]?.fields.first(where: {
            remaining.starts(with: $0.keyPath)
          })
        else { return nil }
        type = field.type
        keys = keys.dropFirst(field.keyPath.count)
      default:
        return nil
      }
    }
    if case .optional(let wrapped) = type { return wrapped }
    return type
  }
}
