import Foundation

extension ManualWalker {
  /// A date: a string in JSONSerialization, then `ISO8601DateFormatter` must parse it.
  func date(_ field: ModelField, key: String, in scope: Scope, _ indent: String) throws {
    let optional = Self.isOptional(field)
    let textName = "\(field.name)Text"
    let value = scope.object?[key]
    let path = scope.path.appending(key)
    let code = "let \(textName) = \(scope.access(key)) as\(optional ? "?" : "!") String"
    let text = value as? String
    let noDates = " (a string: JSONSerialization has no dates; ISO8601DateFormatter must parse it)"
    if let text {
      emit(code, "✓ \(JSONValueText.quoted(text))\(noDates)", indent)
    } else if optional {
      emit(code, "✓ nil\(quietNote(value, .string, at: path, in: scope.path))", indent)
    } else {
      let problem = ManualCast.codableProblem(
        value, as: .string, at: path, in: scope.path, optional: false)
      try crash(code, value: value, problem, key: key, at: path, indent)
    }
    let parsed = text.flatMap { ISO8601DateFormatter().date(from: $0) }
    if optional {
      let parse =
        "let \(field.name) = \(textName).flatMap { ISO8601DateFormatter().date(from: $0) }"
      let note = quietNote(value, .date, at: path, in: scope.path)
      emit(parse, "✓ \(parsed.map { String(describing: $0) } ?? "nil")\(note)", indent)
      return
    }
    let parse = "let \(field.name) = ISO8601DateFormatter().date(from: \(textName))!"
    if let parsed {
      emit(parse, "✓ \(parsed)", indent)
      return
    }
    let place = JSONDocument.place(path, modelName: rootName)
    emit(
      parse,
      "✗ would crash: \(JSONValueText.quoted(text ?? "")) is not an ISO 8601 date"
        + " (Codable throws dataCorrupted at \(place) instead)", indent)
    throw Crashed()
  }

  /// A nested model: `let paging = json["paging"] as! [String: Any]` then its fields, or
  /// `if let paging = json["paging"] as? [String: Any] {` … `}` when optional.
  func model(
    _ field: ModelField, _ name: String, key: String, in scope: Scope, _ indent: String,
    _ depth: Int
  ) throws {
    guard let definition = library[name] else {
      note("// \(field.name): no model named '\(name)' in the library, skipped", indent)
      return
    }
    guard depth < Self.depthLimit else {
      note("// \(field.name): \(name) nested too deep, skipped", indent)
      return
    }
    guard Self.isOptional(field) else {
      let inner = try dictionary(field.name, key: key, in: scope, optional: false, indent: indent)
      try walkFields(of: definition, in: inner, indent: indent, depth: depth + 1)
      return
    }
    let code = "if let \(field.name) = \(scope.access(key)) as? [String: Any] {"
    let value = scope.object?[key]
    guard let object = value as? [String: Any] else {
      let path = scope.path.appending(key)
      let quiet = quietNote(value, .model(name), at: path, in: scope.path)
      emit(code + " … }", "✓ nil, skipped\(quiet)", indent)
      return
    }
    emit(code, "✓ \(ManualCast.display(object))", indent)
    let inner = Scope(
      variable: field.name, isOptional: false, path: scope.path.appending(key), object: object)
    try walkFields(of: definition, in: inner, indent: indent + "  ", depth: depth + 1)
    note("}", indent)
  }

  /// An array: of models, element by element (the first two shown); of plain values, cast
  /// at once (`as! [String]`).
  func array(
    _ field: ModelField, _ element: ModelType, key: String, in scope: Scope, _ indent: String,
    _ depth: Int
  ) throws {
    guard case .model(let name) = element, let definition = library[name] else {
      return try plain(field, key: key, in: scope, indent)
    }
    let optional = Self.isOptional(field)
    let value = scope.object?[key]
    let path = scope.path.appending(key)
    let fallback = field.defaultValue.map { " ?? \($0.swiftSource)" } ?? ""
    let code =
      "let \(field.name) = \(scope.access(key)) as\(optional ? "?" : "!") [[String: Any]]"
      + fallback
    let elements = (value as? [Any]).flatMap { $0 as? [[String: Any]] }
    if elements == nil, !optional {
      let problem = ManualCast.codableProblem(
        value, as: .array(.model(name)), at: path, in: scope.path, optional: false)
      try crash(code, value: value, as: .array(.model(name)), problem, key: key, at: path, indent)
    }
    let items = elements ?? []
    let shown =
      elements == nil && fallback.isEmpty ? "nil" : JSONValueText.count(items.count, "element")
    let quiet =
      elements == nil ? quietNote(value, .array(.model(name)), at: path, in: scope.path) : ""
    emit(code, "✓ \(shown)\(quiet)", indent)
    guard !items.isEmpty, depth < Self.depthLimit else { return }
    let variable = Self.singular(field.name)
    let sequence = optional && fallback.isEmpty ? "\(field.name) ?? []" : field.name
    note("for \(variable) in \(sequence) {", indent)
    let inner = indent + "  "
    for (index, item) in items.enumerated() {
      let itemPath = JSONPath(steps: path.steps + [.index(index)])
      let itemScope = Scope(variable: variable, isOptional: false, path: itemPath, object: item)
      let mark = lines.count
      note("// \(itemPath.text)", inner)
      do {
        try walkFields(of: definition, in: itemScope, indent: inner, depth: depth + 1)
      } catch {
        if index > 2 { insert("… (\(index - 2) more)", at: mark, inner) }
        throw error
      }
      if index >= 2 { truncate(to: mark) }
    }
    if items.count > 2 { note("… (\(items.count - 2) more)", inner) }
    note("}", indent)
  }

  /// `loan` for `loans`, `category` for `categories`, `itemsElement` when unsure.
  static func singular(_ name: String) -> String {
    if name.hasSuffix("ies") { return name.dropLast(3) + "y" }
    if name.hasSuffix("ses") || name.hasSuffix("xes") { return String(name.dropLast(2)) }
    if name.hasSuffix("s"), !name.hasSuffix("ss"), !name.hasSuffix("us") {
      return String(name.dropLast())
    }
    return name + "Element"
  }
}
