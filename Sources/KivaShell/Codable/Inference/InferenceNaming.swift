/// How inference names what it finds: models after the key holding them, properties
/// after their keys, and nothing that Swift or the model language would refuse.
enum InferenceNaming {
  /// Type names Swift code already means something by: a model named like one of these
  /// would hide it, so it gets `Value` (`data` → `DataValue`).
  static let reservedTypeNames: Set<String> = [
    "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys",
    "Data", "Date", "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder",
    "Error", "Float", "Foundation", "Int", "JSONDecoder", "Never", "Optional", "Protocol",
    "Result", "Self", "Set", "String", "Type", "URL", "UUID", "Void",
  ]

  /// The model for the object under `key`: `location` → `Location`.
  static func modelName(forObjectAt key: String) -> String {
    unreserved(SwiftIdentifier.upperCamelCase(key))
  }

  /// The model for the objects in the array under `key`, singular: `loans` → `Loan`,
  /// `categories` → `Category`, `addresses` → `Address`. A key with no plural ending
  /// gets `Item`: `data` → `DataItem`.
  static func modelName(forElementsAt key: String) -> String {
    let plural = SwiftIdentifier.upperCamelCase(key)
    let singular = singularized(plural)
    return unreserved(singular == plural ? plural + "Item" : singular)
  }

  /// The property for `key`: lowerCamelCase (`loan_amount` → `loanAmount`), and a Swift
  /// keyword gets `Value` (`default` → `defaultValue`), which the model language accepts.
  static func propertyName(forKey key: String) -> String {
    let name = SwiftIdentifier.lowerCamelCase(key)
    return SwiftIdentifier.isKeyword(name) ? name + "Value" : name
  }

  /// `name`, or `name2`, `name3`… : the first not in `taken`.
  static func unique(_ name: String, avoiding taken: Set<String>) -> String {
    var candidate = name
    var number = 2
    while taken.contains(candidate) {
      candidate = "\(name)\(number)"
      number += 1
    }
    return candidate
  }

  /// `name`, or `nameValue` when Swift already means something by it or it ends in
  /// `Keys`, which generated Swift keeps for key enums (`keys` → `KeysValue`).
  private static func unreserved(_ name: String) -> String {
    reservedTypeNames.contains(name) || name.hasSuffix("Keys") ? name + "Value" : name
  }

  /// Irregular plurals, and words that end like plurals but are not.
  private static let irregular: [(plural: String, singular: String)] = [
    ("people", "person"), ("children", "child"), ("women", "woman"), ("men", "man"),
    ("statuses", "status"), ("aliases", "alias"), ("buses", "bus"), ("analyses", "analysis"),
    ("indices", "index"), ("matrices", "matrix"), ("vertices", "vertex"),
    ("movies", "movie"), ("cookies", "cookie"), ("series", "series"), ("species", "species"),
    ("news", "news"),
  ]

  /// The singular of an UpperCamelCase name, by its last word: `FundedLoans` →
  /// `FundedLoan`. Unchanged when it has no plural ending.
  static func singularized(_ name: String) -> String {
    let lower = name.lowercased()
    // Irregular words count only whole (`Omen` is not `O` + `men`).
    for (plural, singular) in irregular
    where lower.hasSuffix(plural) && name.suffix(plural.count).first?.isUppercase == true {
      return replacingEnd(of: name, length: plural.count, with: singular)
    }
    if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return name }
    if lower.hasSuffix("ies"), lower.count > 4 {
      return replacingEnd(of: name, length: 3, with: "y")
    }
    for ending in ["sses", "shes", "ches", "xes", "zzes"] where lower.hasSuffix(ending) {
      return String(name.dropLast(2))
    }
    if lower.hasSuffix("s"), lower.count > 1 { return String(name.dropLast()) }
    return name
  }

  /// `name` with its last `length` characters replaced by `ending`, keeping the case of
  /// the first replaced letter: `People` → `Person`.
  private static func replacingEnd(of name: String, length: Int, with ending: String) -> String {
    let stem = name.dropLast(length)
    let replaced = name.suffix(length)
    guard let first = replaced.first, first.isUppercase, let head = ending.first else {
      return stem + ending
    }
    return stem + head.uppercased() + ending.dropFirst()
  }
}
