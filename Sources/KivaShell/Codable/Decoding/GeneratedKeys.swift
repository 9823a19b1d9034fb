/// One coding-keys enum generated Swift declares inside a model's struct:
/// `enum LocationKeys: String, CodingKey { case country, town }`.
public struct GeneratedKeysEnum: Equatable, Sendable {
  /// `CodingKeys`, `LocationKeys`.
  public var name: String
  /// Its cases, in the order the fields first use them.
  public var cases: [GeneratedKeyCase]

  /// Creates an enum.
  public init(name: String, cases: [GeneratedKeyCase]) {
    self.name = name
    self.cases = cases
  }
}

/// One case of a keys enum: `case amount = "loan_amount"`.
public struct GeneratedKeyCase: Equatable, Sendable {
  /// The Swift case name: `amount`.
  public var name: String
  /// The JSON key it stands for: `loan_amount`.
  public var key: String

  /// Creates a case.
  public init(name: String, key: String) {
    self.name = name
    self.key = key
  }

  /// Whether Swift needs a raw value (`= "loan_amount"`) because the key is not the name.
  public var needsRawValue: Bool { name != key }
}

extension GeneratedNames {
  /// The keys enums `model`'s generated Swift declares, `CodingKeys` first, then the
  /// nested ones in the order fields first reach them. Each field contributes, along its
  /// key path, `caseName(forKey:)` for each intermediate key to the enum it is read
  /// with, and its own name for its last key; enums of the same name are merged.
  public static func keyEnums(for model: ModelDefinition) -> [GeneratedKeysEnum] {
    var enums = [GeneratedKeysEnum(name: rootKeysEnum, cases: [])]
    func add(_ keyCase: GeneratedKeyCase, to enumName: String) {
      guard let position = enums.firstIndex(where: { $0.name == enumName }) else {
        enums.append(GeneratedKeysEnum(name: enumName, cases: [keyCase]))
        return
      }
      if !enums[position].cases.contains(keyCase) { enums[position].cases.append(keyCase) }
    }
    for field in model.fields {
      guard let last = field.keyPath.last else { continue }
      var enumName = rootKeysEnum
      for key in field.keyPath.dropLast() {
        add(GeneratedKeyCase(name: caseName(forKey: key), key: key), to: enumName)
        enumName = keysEnum(forKey: key)
      }
      add(GeneratedKeyCase(name: caseName(for: field), key: last), to: enumName)
    }
    return enums
  }

  /// Why `model`'s keys enums would not compile, if they would not: one key named by two
  /// cases, or one case standing for two keys.
  static func keyConflict(in model: ModelDefinition) -> String? {
    for keysEnum in keyEnums(for: model) {
      var nameForKey: [String: String] = [:]
      var keyForName: [String: String] = [:]
      for keyCase in keysEnum.cases {
        if let other = nameForKey[keyCase.key], other != keyCase.name {
          return "in model '\(model.name)', key \(keyCase.key.debugDescription) would be both "
            + ".\(other) and .\(keyCase.name) of \(keysEnum.name) — give the fields that read "
            + "it the same name, or read it once"
        }
        if let other = keyForName[keyCase.name], other != keyCase.key {
          // A field's case takes the field's name; a key read through, the key's own.
          let isField = model.fields.contains { $0.name == keyCase.name }
          let fix =
            isField
            ? "rename the field '\(keyCase.name)'"
            : "both keys make that Swift name: read the object under one of them through a"
              + " model of its own (a field of that model's type)"
          return "in model '\(model.name)', .\(keyCase.name) of \(keysEnum.name) would stand for "
            + "both \(other.debugDescription) and \(keyCase.key.debugDescription) — \(fix)"
        }
        nameForKey[keyCase.key] = keyCase.name
        keyForName[keyCase.name] = keyCase.key
      }
    }
    return nil
  }
}
