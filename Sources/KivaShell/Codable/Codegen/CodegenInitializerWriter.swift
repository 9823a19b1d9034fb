/// Writes a model's `init(from decoder: Decoder) throws` from its ``CodegenPlan``, in the
/// tutorial's words: `container(keyedBy:)`, `decode`, `decodeIfPresent`, `?? default`,
/// and one `nestedContainer` per nested object, reading the fields in the model's order.
struct CodegenInitializerWriter {
  private let plan: CodegenPlan
  /// The local name of each nested container, by its path of JSON keys.
  private var variables: [[String]: String] = [:]
  /// Every local name in the initializer: a field with one of these names is assigned
  /// through `self.`.
  private var locals: Set<String> = ["decoder", "container"]

  /// Prepares to write the initializer planned by `plan`.
  init(plan: CodegenPlan) {
    self.plan = plan
    nameContainers(in: plan.root, path: [])
  }

  /// The initializer's lines, indented for a struct body.
  func lines() -> [String] {
    var lines = [
      "  init(from decoder: Decoder) throws {",
      "    let container = try decoder.container(keyedBy: \(plan.root.enumName).self)",
    ]
    lines += body(plan.steps(), variable: "container", indent: "    ")
    lines.append("  }")
    return lines
  }

  /// Names each nested container after its case (`location`), avoiding keywords and
  /// names already taken (`location2`).
  private mutating func nameContainers(in container: CodegenPlan.Container, path: [String]) {
    for case .nested(let nested) in container.items {
      let preferred =
        SwiftIdentifier.isKeyword(nested.caseName) ? nested.caseName + "Container" : nested.caseName
      var name = preferred
      var number = 2
      while locals.contains(name) {
        name = "\(preferred)\(number)"
        number += 1
      }
      locals.insert(name)
      variables[path + [nested.jsonKey]] = name
      nameContainers(in: nested, path: path + [nested.jsonKey])
    }
  }

  /// The lines of `steps`, on the container `variable`.
  private func body(_ steps: [CodegenPlan.Step], variable: String, indent: String) -> [String] {
    var lines: [String] = []
    for step in steps {
      switch step {
      case .read(let read):
        lines.append(indent + assignment(read, from: variable))
      case .nested(let nested, let path, let opens, let inner):
        let name = variables[path] ?? nested.caseName
        if opens { lines.append(indent + open(nested, as: name, from: variable)) }
        lines += body(inner, variable: name, indent: indent)
      case .ifPresent(let nested, let path, let inner, let fallbacks):
        let name = variables[path] ?? nested.caseName
        let key = "." + SwiftIdentifier.escaped(nested.caseName)
        lines.append(
          indent + "if \(variable).contains(\(key)), try !\(variable).decodeNil(forKey: \(key)) {")
        lines.append(indent + "  " + open(nested, as: name, from: variable))
        lines += body(inner, variable: name, indent: indent + "  ")
        lines.append(indent + "} else {")
        for field in fallbacks {
          lines.append(indent + "  \(target(field)) = \(Self.absentValue(field))")
        }
        lines.append(indent + "}")
      }
    }
    return lines
  }

  /// `let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: …)`.
  private func open(_ nested: CodegenPlan.Container, as name: String, from variable: String)
    -> String
  {
    let key = "." + SwiftIdentifier.escaped(nested.caseName)
    return "let \(name) = try \(variable).nestedContainer(keyedBy: \(nested.enumName).self, "
      + "forKey: \(key))"
  }

  /// `amount = try container.decode(Int.self, forKey: .amount)`, `decodeIfPresent` for an
  /// optional, `(try container.decodeIfPresent(…)) ?? 0` for a default.
  private func assignment(_ read: CodegenPlan.FieldRead, from variable: String) -> String {
    let field = read.field
    let arguments =
      "(\(field.type.unwrapped.swiftName).self, forKey: .\(SwiftIdentifier.escaped(read.caseName)))"
    let value: String
    if let fallback = field.defaultValue, fallback != .null {
      value = "(try \(variable).decodeIfPresent\(arguments)) ?? \(fallback.swiftSource)"
    } else if field.type.isOptional {
      value = "try \(variable).decodeIfPresent\(arguments)"
    } else {
      value = "try \(variable).decode\(arguments)"
    }
    return "\(target(field)) = \(value)"
  }

  /// The property as assigned: `self.` when a local has its name.
  private func target(_ field: ModelField) -> String {
    let name = SwiftIdentifier.escaped(field.name)
    return locals.contains(field.name) ? "self.\(name)" : name
  }

  /// The value a field gets when its nested object is missing: its default, or `nil`.
  private static func absentValue(_ field: ModelField) -> String {
    if let fallback = field.defaultValue, fallback != .null { return fallback.swiftSource }
    return "nil"
  }
}
