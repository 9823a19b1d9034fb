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
    var opened: Set<[String]> = []
    lines += body(
      placedFields[...], depth: 0, variable: "container", path: [], indent: "    ",
      opened: &opened)
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

  /// Every field with the nested containers leading to it (outermost first), in the
  /// model's order: the order the lab's decoder reads them in, and so the order in which
  /// their errors come.
  private var placedFields: [Placed] {
    var placed: [Placed] = []
    func collect(_ container: CodegenPlan.Container, chain: [CodegenPlan.Container]) {
      for item in container.items {
        switch item {
        case .field(let read): placed.append(Placed(chain: chain, read: read))
        case .nested(let nested): collect(nested, chain: chain + [nested])
        }
      }
    }
    collect(plan.root, chain: [])
    let order = Dictionary(
      plan.fieldOrder.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
    return placed.sorted { (order[$0.read.field.name] ?? 0) < (order[$1.read.field.name] ?? 0) }
  }

  /// A field and the nested containers it is read through.
  private struct Placed {
    var chain: [CodegenPlan.Container]
    var read: CodegenPlan.FieldRead
  }

  /// The reads of `placed`, in order, from the container `variable` (reached by `path`,
  /// `depth` containers in). A nested container is opened where a field first needs it
  /// and used again by later fields; one whose fields may all be absent is opened in an
  /// `if` for each run of fields that read through it (which fall back in its `else`).
  private func body(
    _ placed: ArraySlice<Placed>, depth: Int, variable: String, path: [String], indent: String,
    opened: inout Set<[String]>
  ) -> [String] {
    var lines: [String] = []
    var index = placed.startIndex
    while index < placed.endIndex {
      guard placed[index].chain.count > depth else {
        lines.append(indent + assignment(placed[index].read, from: variable))
        index += 1
        continue
      }
      let nested = placed[index].chain[depth]
      var end = index
      while end < placed.endIndex, placed[end].chain.count > depth,
        placed[end].chain[depth].jsonKey == nested.jsonKey
      {
        end += 1
      }
      let run = placed[index..<end]
      index = end
      let nestedPath = path + [nested.jsonKey]
      let name = variables[nestedPath] ?? nested.caseName
      let key = "." + SwiftIdentifier.escaped(nested.caseName)
      let open =
        "let \(name) = try \(variable).nestedContainer(keyedBy: \(nested.enumName).self, forKey: \(key))"
      if nested.allFields.allSatisfy(Self.mayBeAbsent) {
        // Missing or null: the fields through it fall back, as the lab's decoder does.
        lines.append(
          indent + "if \(variable).contains(\(key)), try !\(variable).decodeNil(forKey: \(key)) {")
        lines.append(indent + "  " + open)
        var inside: Set<[String]> = []
        lines += body(
          run, depth: depth + 1, variable: name, path: nestedPath, indent: indent + "  ",
          opened: &inside)
        lines.append(indent + "} else {")
        for field in run.map(\.read.field) {
          lines.append(indent + "  \(target(field)) = \(Self.absentValue(field))")
        }
        lines.append(indent + "}")
      } else {
        if opened.insert(nestedPath).inserted { lines.append(indent + open) }
        lines += body(
          run, depth: depth + 1, variable: name, path: nestedPath, indent: indent, opened: &opened)
      }
    }
    return lines
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

  /// Whether a missing key leaves the field a value: it is optional, or has a default.
  static func mayBeAbsent(_ field: ModelField) -> Bool {
    if field.type.isOptional { return true }
    if let fallback = field.defaultValue { return fallback != .null }
    return false
  }

  /// The value a field gets when its nested object is missing: its default, or `nil`.
  private static func absentValue(_ field: ModelField) -> String {
    if let fallback = field.defaultValue, fallback != .null { return fallback.swiftSource }
    return "nil"
  }
}
