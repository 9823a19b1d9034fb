import Foundation

/// Walks a model's fields over `JSONSerialization` values, writing one line per step.
final class ManualWalker {
  /// Thrown to end the walk at the first step that would crash (already written).
  struct Crashed: Error {}

  /// A dictionary variable in scope: `loan`, `location` (`location?` when optional).
  struct Scope {
    var variable: String
    var isOptional: Bool
    /// Where the dictionary is in the JSON.
    var path: JSONPath
    /// Its value, nil when absent.
    var object: [String: Any]?

    /// `loan["name"]`, or `location?["town"]`.
    func access(_ key: String) -> String {
      "\(variable)\(isOptional ? "?" : "")[\(JSONValueText.quoted(key, limit: .max))]"
    }
  }

  /// Nested models are followed this deep at most (a model may contain itself).
  static let depthLimit = 8

  private(set) var lines: [String] = []
  let library: ModelLibrary
  let rootName: String

  init(library: ModelLibrary, rootName: String) {
    self.library = library
    self.rootName = rootName
  }

  /// Writes `code   result`, indented.
  func emit(_ code: String, _ result: String, _ indent: String) {
    lines.append("\(indent)\(code)   \(result)")
  }

  /// Writes a plain line (a loop, a comment), indented.
  func note(_ text: String, _ indent: String) {
    lines.append(indent + text)
  }

  /// Writes a plain line before the line at `index`.
  func insert(_ text: String, at index: Int, _ indent: String) {
    lines.insert(indent + text, at: index)
  }

  /// Forgets the lines written after the first `count`.
  func truncate(to count: Int) {
    lines.removeLast(lines.count - count)
  }

  /// Writes the crash of `code` on `value` (nil: the key is missing) and ends the walk.
  func crash(
    _ code: String, value: Any?, as type: ModelType? = nil, _ problem: ManualProblem?,
    key: String, at path: JSONPath, _ indent: String
  ) throws -> Never {
    let reason: String
    if let value {
      if let problem, let found = problem.found, problem.place != path {
        let element = problem.place.text.dropFirst(path.text.count)
        reason = "element \(element) is \(found.withArticle)"
      } else if let type, let failing = ManualCast.failingElement(value, as: type) {
        let found = JSONValue(failing.value)
        reason =
          if case .null = found {
            "element \(failing.steps) is null, an NSNull, which no cast turns into nil"
          } else {
            "element \(failing.steps) is \(found.withArticle)"
          }
      } else {
        reason = "the value is \(JSONValue(value).withArticle)"
      }
    } else {
      reason = "there is no key \(JSONValueText.quoted(key, limit: .max))"
    }
    let codable =
      problem.map {
        " (Codable throws \($0.kind) at \(JSONDocument.place($0.place, modelName: rootName))"
          + " instead)"
      } ?? " (Codable decodes it)"
    emit(code, "✗ would crash: \(reason)\(codable)", indent)
    throw Crashed()
  }

  /// The steps of every field of `model`, reading from `scope`.
  func walkFields(of model: ModelDefinition, in scope: Scope, indent: String, depth: Int) throws {
    var objects: [String: Scope] = [:]
    for field in model.fields {
      var container = scope
      for (index, key) in field.keyPath.dropLast().enumerated() {
        let prefix = field.keyPath[...index].joined(separator: ".")
        if let known = objects[prefix] {
          container = known
          continue
        }
        container = try dictionary(
          KeyNaming.camelCase(fromSnakeCase: key), key: key, in: container,
          optional: Self.isOptional(field), indent: indent)
        objects[prefix] = container
      }
      try walkField(field, key: field.keyPath.last ?? field.name, in: container, indent, depth)
    }
  }

  static func isOptional(_ field: ModelField) -> Bool {
    field.type.isOptional || field.defaultValue != nil
  }

  /// `let location = loan["location"] as! [String: Any]`: a nested object on a key path.
  func dictionary(
    _ name: String, key: String, in scope: Scope, optional: Bool, indent: String
  ) throws -> Scope {
    let value = scope.object?[key]
    let path = scope.path.appending(key)
    let code = "let \(name) = \(scope.access(key)) as\(optional ? "?" : "!") [String: Any]"
    let object = value as? [String: Any]
    if let object {
      emit(code, "✓ \(ManualCast.display(object))", indent)
    } else if optional {
      emit(code, "✓ nil\(quietNote(value, .model(name), at: path, in: scope.path))", indent)
    } else {
      let problem = ManualCast.codableProblem(
        value, as: .model(name), at: path, in: scope.path, optional: false)
      try crash(code, value: value, problem, key: key, at: path, indent)
    }
    return Scope(variable: name, isOptional: optional, path: path, object: object)
  }

  /// One field's steps.
  private func walkField(
    _ field: ModelField, key: String, in scope: Scope, _ indent: String, _ depth: Int
  ) throws {
    switch field.type.unwrapped.unwrapped {
    case .date: try date(field, key: key, in: scope, indent)
    case .model(let name): try model(field, name, key: key, in: scope, indent, depth)
    case .array(let element): try array(field, element, key: key, in: scope, indent, depth)
    case .string, .int, .double, .bool, .optional: try plain(field, key: key, in: scope, indent)
    }
  }

  /// `let amount = loan["loan_amount"] as! Int`, or `as? Int ?? 0`.
  func plain(_ field: ModelField, key: String, in scope: Scope, _ indent: String) throws {
    let optional = Self.isOptional(field)
    let type = field.type.unwrapped
    let fallback = field.defaultValue.map { " ?? \($0.swiftSource)" } ?? ""
    let code =
      "let \(field.name) = \(scope.access(key)) as\(optional ? "?" : "!") "
      + "\(ManualCast.castTypeName(type))\(fallback)"
    let value = scope.object?[key]
    let path = scope.path.appending(key)
    let cast = value.flatMap { ManualCast.cast($0, to: type) }
    if optional {
      let shown = cast.map(ManualCast.display) ?? field.defaultValue?.swiftSource ?? "nil"
      emit(code, "✓ \(shown)\(quietNote(value, type, at: path, in: scope.path))", indent)
      return
    }
    let problem = ManualCast.codableProblem(
      value, as: type, at: path, in: scope.path, optional: false)
    guard let cast else {
      try crash(code, value: value, as: type, problem, key: key, at: path, indent)
    }
    let but = problem.map {
      " (but Codable throws \($0.kind) at \(JSONDocument.place($0.place, modelName: rootName)):"
        + " the value is \($0.found?.withArticle ?? "missing"))"
    }
    emit(code, "✓ \(ManualCast.display(cast))\(but ?? "")", indent)
  }

  /// For an `as?` that gave nil although a value is there: what Codable's
  /// `decodeIfPresent` throws instead.
  func quietNote(_ value: Any?, _ type: ModelType, at path: JSONPath, in container: JSONPath)
    -> String
  {
    guard
      let problem = ManualCast.codableProblem(
        value, as: type, at: path, in: container, optional: true),
      let found = problem.found
    else {
      guard let value, ManualCast.cast(value, to: type) == nil,
        let failing = ManualCast.failingElement(value, as: type),
        case .null = JSONValue(failing.value)
      else { return "" }
      return " (element \(failing.steps) is null, an NSNull, which no cast turns into nil:"
        + " Codable decodes it)"
    }
    return " (the value is \(found.withArticle): Codable's decodeIfPresent throws"
      + " \(problem.kind) here)"
  }
}
