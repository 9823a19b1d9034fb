/// What a model's `init(from:)` reads, worked out before any Swift is written: the keys
/// enums with their cases, and the tree of containers with the fields read from each.
struct CodegenPlan {
  /// One case of a keys enum: `case amount = "loan_amount"`.
  struct KeyCase: Equatable {
    /// The Swift case name (unescaped).
    var name: String
    /// The JSON key it stands for.
    var rawKey: String
    /// Whether the case needs a raw value: its name is not the key.
    var hasRawValue: Bool { name != rawKey }
  }

  /// A `CodingKey` enum to declare.
  struct KeysEnum {
    /// Its name: `CodingKeys`, `LocationKeys`.
    var name: String
    /// Its cases, in the order first used.
    var cases: [KeyCase] = []
  }

  /// A field read from the container it sits in.
  struct FieldRead {
    /// The field.
    var field: ModelField
    /// The case naming its key in the container's enum.
    var caseName: String
  }

  /// A keyed container the initializer opens: the top level, or a nested object.
  struct Container {
    /// Something read from a container.
    enum Item {
      case field(FieldRead)
      case nested(Container)
    }

    /// The keys enum it is keyed by.
    var enumName: String
    /// The JSON key it is reached by (empty at the top level).
    var jsonKey: String
    /// The case for `jsonKey` in the parent container's enum.
    var caseName: String
    /// Fields and nested containers, in the order first used.
    var items: [Item] = []

    /// Every field read here or in a nested container, in reading order.
    var allFields: [ModelField] {
      items.flatMap { item -> [ModelField] in
        switch item {
        case .field(let read): [read.field]
        case .nested(let container): container.allFields
        }
      }
    }
  }

  /// The keys enums, `CodingKeys` first, then in the order the objects are first reached.
  /// Two objects reached by the same key share one enum holding the cases of both.
  private(set) var enums: [KeysEnum] = []
  /// The top-level container.
  private(set) var root: Container
  /// The fields' names in the model's order, the order `init(from:)` reads them in.
  private(set) var fieldOrder: [String]

  /// Whether the decoder converts the JSON's keys from snake_case first: the cases' raw
  /// values are then the converted keys (`loanAmount`), as `CodingKeys` must name them.
  private let convertsSnakeCase: Bool

  /// Plans the decoding of `model`; `convertingSnakeCase` for a decoder with
  /// `.convertFromSnakeCase`.
  init(_ model: ModelDefinition, convertingSnakeCase: Bool = false) {
    convertsSnakeCase = convertingSnakeCase
    root = Container(enumName: CodingKeyNaming.rootKeysEnum, jsonKey: "", caseName: "")
    enums = [KeysEnum(name: CodingKeyNaming.rootKeysEnum)]
    fieldOrder = model.fields.map(\.name)
    var top = root
    for field in model.fields {
      let path = field.keyPath.isEmpty ? [field.name] : field.keyPath
      insert(field, path: path[...], into: &top)
    }
    root = top
  }

  /// The cases of the enum called `name`.
  func cases(of name: String) -> [KeyCase] {
    enums.first { $0.name == name }?.cases ?? []
  }

  private mutating func insert(
    _ field: ModelField, path: ArraySlice<String>, into container: inout Container
  ) {
    guard let key = path.first else { return }
    if path.count == 1 {
      let name = addCase(
        CodingKeyNaming.caseName(forField: field), for: key, to: container.enumName)
      container.items.append(.field(FieldRead(field: field, caseName: name)))
      return
    }
    let existing = container.items.firstIndex { item in
      if case .nested(let nested) = item { return nested.jsonKey == key }
      return false
    }
    if let existing, case .nested(var nested) = container.items[existing] {
      insert(field, path: path.dropFirst(), into: &nested)
      container.items[existing] = .nested(nested)
      return
    }
    let caseName = addCase(
      CodingKeyNaming.caseName(forIntermediateKey: key), for: key, to: container.enumName)
    let enumName = CodingKeyNaming.keysEnum(forObjectAt: key)
    if !enums.contains(where: { $0.name == enumName }) {
      enums.append(KeysEnum(name: enumName))
    }
    var nested = Container(enumName: enumName, jsonKey: key, caseName: caseName)
    insert(field, path: path.dropFirst(), into: &nested)
    container.items.append(.nested(nested))
  }

  /// Adds a case for `jsonKey` (as the decoder sees it) to the enum `enumName` and returns its name. A key already
  /// in the enum keeps its first case (raw values must be unique); a name already taken
  /// by another key gets a number: `name2`.
  private mutating func addCase(_ preferred: String, for jsonKey: String, to enumName: String)
    -> String
  {
    let rawKey = convertsSnakeCase ? KeyNaming.camelCase(fromSnakeCase: jsonKey) : jsonKey
    guard let index = enums.firstIndex(where: { $0.name == enumName }) else { return preferred }
    if let known = enums[index].cases.first(where: { $0.rawKey == rawKey }) {
      return known.name
    }
    var name = preferred
    var number = 2
    while enums[index].cases.contains(where: { $0.name == name }) {
      name = "\(preferred)\(number)"
      number += 1
    }
    enums[index].cases.append(KeyCase(name: name, rawKey: rawKey))
    return name
  }
}
