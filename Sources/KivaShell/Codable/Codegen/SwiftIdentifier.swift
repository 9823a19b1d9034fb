/// Swift identifiers made from JSON keys: camel-casing, keyword escaping.
///
/// Both code generation and model inference spell names with these, so a key reads the
/// same wherever it turns into Swift.
enum SwiftIdentifier {
  /// Words Swift reserves (and `Type`, which only works escaped in some places): as a
  /// name they need backticks in generated code, and the model language rejects them.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    "Type", "Protocol", "_",
  ]

  /// Whether `name` is a Swift keyword.
  static func isKeyword(_ name: String) -> Bool {
    keywords.contains(name)
  }

  /// `name` as it can be written in source: backticked when it is a keyword.
  static func escaped(_ name: String) -> String {
    isKeyword(name) ? "`\(name)`" : name
  }

  /// Whether `text` can be a Swift name as it is (keywords aside): a letter or `_`, then
  /// letters, digits and `_`.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.first, first == "_" || first.isLetter else { return false }
    return text.allSatisfy(isIdentifierCharacter)
  }

  /// `loan_amount` → `loanAmount`, `country-code` → `countryCode`, `URLString` →
  /// `urlString`, `ID` → `id`; a name that would start with a digit gets a leading `_`,
  /// one with no letters or digits at all is `key`.
  static func lowerCamelCase(_ key: String) -> String {
    let parts = words(of: key)
    guard let first = parts.first else { return "key" }
    let rest = parts.dropFirst().map(capitalizingFirst)
    return guardLeadingDigit(lowercasingLeadingCapitals(first) + rest.joined())
  }

  /// `location` → `Location`, `geo_info` → `GeoInfo`, `isFeatured` → `IsFeatured`; a name
  /// that would start with a digit gets a leading `_`, one with no letters or digits is `Key`.
  static func upperCamelCase(_ key: String) -> String {
    let parts = words(of: key)
    guard !parts.isEmpty else { return "Key" }
    let name = parts.map(capitalizingFirst).joined()
    // A type name must start with an uppercase letter (a model's too): `2x` → `Key2x`.
    return name.first?.isNumber == true ? "Key" + name : name
  }

  /// The runs of letters and digits in `text`: `loan_amount` → `loan`, `amount`.
  static func words(of text: String) -> [String] {
    text.split { !isWordCharacter($0) }.map(String.init)
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || (character.isASCII && character.isNumber)
  }

  private static func isIdentifierCharacter(_ character: Character) -> Bool {
    character == "_" || isWordCharacter(character)
  }

  private static func capitalizingFirst(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst()
  }

  /// `URLString` → `urlString`, `ID` → `id`, `Loan` → `loan`, `isFeatured` unchanged.
  private static func lowercasingLeadingCapitals(_ word: String) -> String {
    let characters = Array(word)
    var capitals = 0
    while capitals < characters.count, characters[capitals].isUppercase { capitals += 1 }
    // In `URLString` the `S` starts the next word; in `ID` every letter is the acronym.
    if capitals > 1, capitals < characters.count, characters[capitals].isLowercase {
      capitals -= 1
    }
    let head = String(characters[..<capitals]).lowercased()
    return head + String(characters[capitals...])
  }

  private static func guardLeadingDigit(_ name: String) -> String {
    guard let first = name.first, first.isNumber else { return name }
    return "_" + name
  }
}
