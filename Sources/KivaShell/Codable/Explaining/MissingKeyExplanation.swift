import Foundation

extension ExplainingContext {
  /// `keyNotFound`: `'loan_amount' is missing at loans[3]`, with the keys that are there,
  /// a did-you-mean, the nested object that holds the key if one does, and the fixes.
  func missingKey(_ key: any CodingKey, at codingPath: [any CodingKey]) -> ExplainedDecodingError {
    let (containerPath, container) = document.resolve(codingPath)
    if let converted = convertedAway(key, in: container) {
      return ExplainedDecodingError(
        summary: "'\(key.stringValue)' is there, but .convertFromSnakeCase reads it as "
          + "'\(converted)' at \(place(containerPath))",
        notes: [
          "path: \(containerPath.appending(key.stringValue).text)",
          "the decoder converts the JSON's keys before it looks for one: '\(key.stringValue)' "
            + "becomes \(JSONValueText.quoted(converted)), and the key "
            + "\(JSONValueText.quoted(key.stringValue)) matches nothing",
          "fix: ask for the converted key (in a model: = \(converted); in Swift: "
            + "= \(JSONValueText.quoted(converted)) in CodingKeys), or decode without "
            + ".convertFromSnakeCase (drop --snake-case)",
        ])
    }
    let jsonKey = KeyNaming.jsonKey(of: key, options: options)
    let field = labField(at: codingPath + [key])
    let property = propertyName(codingPath + [key]) ?? KeyNaming.caseName(of: key)
    var notes = ["path: \(containerPath.appending(jsonKey).text)"]
    notes += keyNote(property: property, jsonKey: jsonKey)
    let object = container as? [String: Any] ?? [:]
    let keys = object.keys.sorted()
    // A key another field reads is no fix: the model would be refused.
    var candidates = keys
    var taken: [String] = []
    var suggestion = Self.suggestion(for: jsonKey, among: candidates)
    while let near = suggestion, taken.count < 3,
      let why = takenKey(near, missing: key, at: codingPath)
    {
      taken.append(why.note(near))
      candidates.removeAll { $0 == near }
      suggestion = taken.count < 3 ? Self.suggestion(for: jsonKey, among: candidates) : nil
    }
    if !keys.isEmpty {
      let didYouMean = suggestion.map { " — did you mean '\($0)'?" } ?? ""
      notes.append("keys there: \(JSONValueText.list(keys))\(didYouMean)")
    }
    notes += taken
    // The records are inside the object (`{"loans": […]}`): the wrapper is the fix.
    if codingPath.isEmpty, let wrapper = wrapperFix() {
      notes.append(wrapper)
      return ExplainedDecodingError(
        summary: "'\(jsonKey)' is missing at \(place(containerPath))", notes: notes)
    }
    if suggestion == nil, let nested = Self.nestedObject(holding: jsonKey, in: object),
      let first = nested.first
    {
      let nestedPath = JSONPath(steps: containerPath.steps + nested.map { .key($0) })
      notes.append(
        "found: '\(jsonKey)' is inside '\(first)', at \(nestedPath.appending(jsonKey).text)")
      // Named as generated code names them (`classKey`, `FirstNameKeys`).
      let caseName = GeneratedNames.caseName(forKey: first)
      let name = SwiftIdentifier.isKeyword(caseName) ? caseName + "Container" : caseName
      let keysType = GeneratedNames.keysEnum(forKey: first)
      notes.append(
        "fix: read it through a nested container: let \(name) = try container.nestedContainer("
          + "keyedBy: \(keysType).self, forKey: .\(caseName)), then decode .\(property) from"
          + " \(name)")
    }
    if let suggestion {
      // A field read through a nested object has its case in that object's keys enum.
      let keysEnum =
        field.flatMap { $0.isNested ? $0.keyPath[$0.keyPath.count - 2] : nil }
        .map(GeneratedNames.keysEnum(forKey:)) ?? GeneratedNames.rootKeysEnum
      notes += renameFixes(
        property: property, jsonKey: jsonKey, suggestion: suggestion, keysEnum: keysEnum)
    }
    if let throughIt = fieldsReadThrough(codingPath + [key]) {
      notes.append("fix: if '\(jsonKey)' may be absent, " + throughIt)
    } else {
      let compiled = CompiledPropertyTypes.swiftType(of: key, at: codingPath, in: modelName)
      let type =
        field.map { ModelType.optional($0.type.unwrappedFully).swiftName }
        ?? compiled.map { $0.hasSuffix("?") ? $0 : $0 + "?" }
        ?? siblingType(of: jsonKey, containerPath: codingPath).map { "\($0)?" } ?? "…?"
      notes.append(
        "fix: if '\(jsonKey)' may be absent, make the property optional: var \(property): \(type)"
          + " (decodeIfPresent gives nil)")
    }
    return ExplainedDecodingError(
      summary: "'\(jsonKey)' is missing at \(place(containerPath))", notes: notes)
  }

  /// For a lab model whose fields read through the object at `codingPath` (`location` of
  /// `country: String = location.country`), which is no property of its own: the fix that
  /// makes those that need it optional, as the model language and Swift write them:
  /// `make the field read through it optional: country: String? = location.country (in
  /// Swift: var country: String?)`. Nil when the path ends at a property.
  func fieldsReadThrough(_ codingPath: [any CodingKey]) -> String? {
    guard let library = labLibrary, codingPath.last?.intValue == nil,
      !codingPath.isEmpty, library.field(at: codingPath, root: modelName) == nil
    else { return nil }
    let fields = library.fields(readingPast: codingPath, root: modelName)
      .map(\.field).filter { !$0.hasFallback }
    guard !fields.isEmpty else { return nil }
    var optional = fields
    for index in optional.indices { optional[index].type = .optional(fields[index].type) }
    let model = optional.map(\.source).joined(separator: "; ")
    let swift = optional.map { "var \(SwiftIdentifier.escaped($0.name)): \($0.type.swiftName)" }
    let noun = fields.count == 1 ? "the field" : "the fields"
    return "make \(noun) read through it optional: \(model) (in Swift: "
      + "\(swift.joined(separator: "; ")))"
  }

  /// With `.convertFromSnakeCase`, a key asked for in snake_case (`loan_amount`) that the
  /// object has: the conversion turned it into another (`loanAmount`), which is returned.
  private func convertedAway(_ key: any CodingKey, in container: Any?) -> String? {
    guard options.keyStrategy == .convertFromSnakeCase,
      let object = container as? [String: Any], object[key.stringValue] != nil
    else { return nil }
    let converted = KeyNaming.camelCase(fromSnakeCase: key.stringValue)
    return converted == key.stringValue ? nil : converted
  }

  /// Point the property at the key the JSON has: `case amount = "loan_amount"`.
  private func renameFixes(
    property: String, jsonKey: String, suggestion: String, keysEnum: String
  ) -> [String] {
    switch options.keyStrategy {
    case .useDefaultKeys:
      let rawValue =
        suggestion == property
        ? " (no raw value: the JSON key is '\(property)')"
        : " = \(JSONValueText.quoted(suggestion))"
      var fixes = ["fix: add or correct the \(keysEnum) case: case \(property)\(rawValue)"]
      if KeyNaming.camelCase(fromSnakeCase: suggestion) == jsonKey {
        fixes.append(
          "fix: or convert every key: decoder.keyDecodingStrategy = .convertFromSnakeCase")
      }
      return fixes
    case .convertFromSnakeCase:
      // Foundation converts the JSON's keys before matching them, so CodingKeys name the
      // converted key.
      let converted = KeyNaming.camelCase(fromSnakeCase: suggestion)
      let rawValue = converted == property ? "" : " = \(JSONValueText.quoted(converted))"
      return [
        "fix: add or correct the \(keysEnum) case: case \(property)\(rawValue) "
          + "(.convertFromSnakeCase makes '\(suggestion)' \(JSONValueText.quoted(converted)))"
      ]
    }
  }

  /// The Swift type of `jsonKey` in the other elements of the array the object is in,
  /// when they agree on a plain type: `Int` for a `loan_amount` of 800.
  private func siblingType(of jsonKey: String, containerPath codingPath: [any CodingKey]) -> String?
  {
    guard codingPath.last?.intValue != nil else { return nil }
    let (_, parent) = document.resolve(Array(codingPath.dropLast()))
    guard let siblings = parent as? [Any] else { return nil }
    let types = siblings.compactMap {
      ($0 as? [String: Any])?[jsonKey].flatMap { JSONValue($0).swiftType }
    }
    guard let first = types.first else { return nil }
    if types.allSatisfy({ $0 == first }) { return first }
    return Set(types) == ["Int", "Double"] ? "Double" : nil
  }

  /// The key of `keys` that `missing` was probably meant to be: the same words spelt
  /// another way (`loanAmount`, `loan_amount`), a near miss (`amout`), or one whose words
  /// contain the other's (`amount` for `loan_amount`).
  static func suggestion(for missing: String, among keys: [String]) -> String? {
    func words(_ key: String) -> [String] {
      KeyNaming.snakeCase(key).split(separator: "_").map(String.init)
    }
    let squashed = words(missing).joined()
    if let same = keys.first(where: { words($0).joined() == squashed }) { return same }
    if let near = EditDistance.closest(to: missing, among: keys) { return near }
    let missingWords = Set(words(missing))
    return keys.first { key in
      let keyWords = Set(words(key))
      return !keyWords.isEmpty
        && (keyWords.isSubset(of: missingWords) || missingWords.isSubset(of: keyWords))
    }
  }

  /// The keys leading from `object` to a nested object (not through arrays, three levels
  /// at most) that holds `key`: `["location"]` for `country` in a Kiva loan.
  static func nestedObject(holding key: String, in object: [String: Any], depth: Int = 3)
    -> [String]?
  {
    guard depth > 0 else { return nil }
    for name in object.keys.sorted() {
      guard let child = object[name] as? [String: Any] else { continue }
      if child[key] != nil { return [name] }
      if let deeper = nestedObject(holding: key, in: child, depth: depth - 1) {
        return [name] + deeper
      }
    }
    return nil
  }
}
