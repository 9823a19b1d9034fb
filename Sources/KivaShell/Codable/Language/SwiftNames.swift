/// What Swift accepts as a name, for checking models before they become Swift source.
enum SwiftNames {
  /// Words Swift reserves: a property or enum case so named needs backticks, so the lab
  /// refuses them as field names (and `GeneratedNames` steers clear of them).
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
    "try", "Type", "Protocol", "_",
  ]

  /// The model language's names for the field types Swift has built in.
  static let scalarTypes: [String: ModelType] = [
    "String": .string, "Int": .int, "Double": .double, "Bool": .bool, "Date": .date,
  ]

  /// Names a model may not take because generated Swift needs them as they are.
  static let reservedTypeNames: Set<String> = [
    "String", "Int", "Double", "Bool", "Date", "Array", "Optional", "Dictionary", "Set",
    "Character", "Float", "Data", "URL", "Decimal", "Codable", "Decodable", "Encodable",
    "Decoder", "Encoder", "CodingKey", "CodingKeys", "Error", "Any", "AnyObject", "Self",
    "Type", "Protocol", "JSONDecoder", "JSONEncoder", "Foundation", "Swift",
  ]

  /// Names people bring from other languages, and the type they mean.
  static let typeAliases: [String: String] = [
    "Integer": "Int", "Int64": "Int", "Int32": "Int", "Long": "Int", "Float": "Double",
    "Float64": "Double", "CGFloat": "Double", "Number": "Double", "Boolean": "Bool",
    "Str": "String", "Text": "String",
  ]

  /// Whether `name` is an identifier: a letter or `_`, then letters, digits or `_`.
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, ModelLexer.startsIdentifier(first) else { return false }
    return name.allSatisfy(ModelLexer.continuesIdentifier)
  }

  /// Whether `name` can name a model: an identifier starting with an uppercase letter.
  static func isModelName(_ name: String) -> Bool {
    guard let first = name.first, first.isUppercase else { return false }
    return isIdentifier(name)
  }

  /// The type `name` probably meant, among the built-in types and `models`: "String" for
  /// "Strng" or "string", "Int" for "Integer".
  static func suggestion(forType name: String, models: some Sequence<String>) -> String? {
    if let alias = typeAliases[name] { return alias }
    var candidates = ["String", "Int", "Double", "Bool", "Date"]
    candidates.append(contentsOf: models)
    return EditDistance.closest(to: name, among: candidates.filter { $0 != name })
  }

  /// `unknown type 'Strng' — did you mean 'String'?`
  ///
  /// A Swift type compiled into kivash (`Landmark`) is no model, and a model may not take
  /// its name: the hint is a model under another name (for `Loan`, the tutorial's own).
  static func unknownTypeMessage(_ name: String, models: some Sequence<String>) -> String {
    if BuiltInModels.swiftTypeNames.contains(name) {
      let own =
        freeModelName(for: name, models: models).map {
          "define a model under another name, e.g. 'model \($0) { … }', and use that"
        } ?? "define a model under another name, and use that"
      let instead = BuiltInModels.labCounterparts[name].map { "use the tutorial's \($0), or " }
      return "unknown type '\(name)' — '\(name)' is a Swift type compiled into kivash, which "
        + "models cannot use: \(instead ?? "")\(own)"
    }
    if let suggestion = suggestion(forType: name, models: models) {
      return "unknown type '\(name)' — did you mean '\(suggestion)'?"
    }
    if let refused = refusedModelNameHint(name, models: models) {
      return "unknown type '\(name)' — \(refused)"
    }
    if let first = name.first, !first.isUppercase {
      return "unknown type '\(name)' — model names start with an uppercase letter"
    }
    return "unknown type '\(name)' — define it with 'model \(name) { … }'"
  }

  /// For a name `model` refuses although it looks like a model's (`Decoder`, `LoanKeys`):
  /// why, and what to do instead — never `model Decoder { … }`, which is refused. Nil for
  /// a name a model may take.
  private static func refusedModelNameHint(_ name: String, models: some Sequence<String>)
    -> String?
  {
    let why: String
    switch ModelValidator.refusal(ofModelName: name, builtInNames: BuiltInModels.names) {
    case .hidesSwiftType:
      why = "a model cannot take the name '\(name)', which would hide Swift's \(name)"
      if name == "Array" { return why + ": write an array as [Element], e.g. [String]" }
      if name == "Optional" { return why + ": write an optional as Type?, e.g. String?" }
    case .endsInKeys:
      why = "a model's name cannot end in 'Keys', which generated Swift keeps for its key enums"
    default:
      return nil
    }
    guard let other = freeModelName(for: name, models: models) else {
      return why + " — choose another name"
    }
    return why + ": define a model under another name, e.g. 'model \(other) { … }', and use that"
  }

  /// A name a model may take instead of `name`, not among `models`: `MyLoan`, else
  /// `LoanModel`; nil when neither may be.
  private static func freeModelName(for name: String, models: some Sequence<String>)
    -> String?
  {
    let taken = Set(models)
    return ["My\(name)", "\(name)Model"].first { candidate in
      !taken.contains(candidate)
        && ModelValidator.refusal(ofModelName: candidate, builtInNames: BuiltInModels.names)
          == nil
    }
  }
}
