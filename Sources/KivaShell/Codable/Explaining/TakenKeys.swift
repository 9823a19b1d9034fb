/// Why a JSON key is no fix for a missing key: pointing the field at it would make the
/// model refused, because another field reads it (or reads through it).
struct TakenKey: Equatable {
  /// The field that reads the key, when one does.
  var reader: String?
  /// Whether the reader only reads through the key, to a value inside it.
  var readsThrough = false

  /// `not 'name': the field 'name' reads it already, and a model reads each key once`.
  func note(_ jsonKey: String) -> String {
    guard let reader else {
      return "not '\(jsonKey)': the model would be refused with the field reading it"
    }
    let reads = readsThrough ? "reads through it" : "reads it already"
    return "not '\(jsonKey)': the field '\(reader)' \(reads), and a model reads each key once"
  }
}

extension ExplainingContext {
  /// Whether the lab model's fields reading the missing `key` at `codingPath` (the field
  /// whose last key it is, or those reading through it) cannot be pointed at `jsonKey`
  /// (the model would be refused), and why; nil when they can, or outside a lab model.
  func takenKey(_ jsonKey: String, missing key: any CodingKey, at codingPath: [any CodingKey])
    -> TakenKey?
  {
    guard let library, library.rootType(modelName) != nil,
      let (model, inside) = library.model(readingPast: codingPath, root: modelName)
    else { return nil }
    let path = inside + [key.stringValue]
    let readers = model.fields.filter { $0.keyPath.starts(with: path) }
    guard !readers.isEmpty else { return nil }
    let newPath = inside + [modelKey(forJSONKey: jsonKey)]
    var moved = model
    for index in moved.fields.indices where moved.fields[index].keyPath.starts(with: path) {
      moved.fields[index].keyPath[inside.count] = newPath[inside.count]
    }
    guard !isAccepted(moved) else { return nil }
    let reader = model.fields.first { other in
      !readers.contains(other) && other.keyPath.starts(with: newPath)
    }
    return TakenKey(
      reader: reader?.name, readsThrough: reader.map { $0.keyPath != newPath } ?? false)
  }

  /// The key a model names to read `jsonKey`: the key itself, or with
  /// `.convertFromSnakeCase` the key as the decoder converts it (`loan_amount` →
  /// `loanAmount`).
  func modelKey(forJSONKey jsonKey: String) -> String {
    options.keyStrategy == .convertFromSnakeCase
      ? KeyNaming.camelCase(fromSnakeCase: jsonKey) : jsonKey
  }
}
