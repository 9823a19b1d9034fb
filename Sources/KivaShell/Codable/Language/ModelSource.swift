extension ModelDefinition {
  /// The definition in the model language's canonical one-line form, which
  /// `ModelParser.parse` reads back to an equal definition:
  ///
  /// ```
  /// model Loan { name: String; country: String = location.country; amount: Int = loan_amount }
  /// ```
  ///
  /// A field's key path is written only when it differs from the field's name.
  public var source: String {
    guard !fields.isEmpty else { return "model \(name) {}" }
    return "model \(name) { \(fields.map(\.source).joined(separator: "; ")) }"
  }
}

extension ModelField {
  /// The field as the model language writes it: `amount: Int = loan_amount ?? 0`.
  public var source: String {
    var text = "\(name): \(type.swiftName)"
    if keyPath != [name] { text += " = " + ModelSource.keyPath(keyPath) }
    if let defaultValue { text += " ?? " + ModelSource.literal(defaultValue) }
    return text
  }
}

extension Array where Element == ModelDefinition {
  /// The definitions in canonical form, one a line.
  public var source: String {
    map(\.source).joined(separator: "\n")
  }
}

/// How the model language writes keys and literals.
enum ModelSource {
  /// Identifiers that mean a literal, so a key so named is quoted.
  static let literalWords: Set<String> = ["true", "false", "nil"]

  /// `location.country`, `location."geo-pairs"`.
  static func keyPath(_ keys: [String]) -> String {
    keys.map(key).joined(separator: ".")
  }

  /// A key, bare when it is an identifier, quoted otherwise.
  static func key(_ key: String) -> String {
    SwiftNames.isIdentifier(key) && !literalWords.contains(key) ? key : quoted(key)
  }

  /// A literal as the language writes it (Swift's spelling, which the lexer reads).
  static func literal(_ literal: ModelLiteral) -> String {
    switch literal {
    case .string(let text): quoted(text)
    default: literal.swiftSource
    }
  }

  /// `text` in double quotes with Swift's escapes, as `String.debugDescription` writes it.
  static func quoted(_ text: String) -> String {
    text.debugDescription
  }
}
