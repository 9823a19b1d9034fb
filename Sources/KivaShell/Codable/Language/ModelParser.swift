/// Reads the lab's small model language:
///
/// ```
/// model Loan { name: String; country: String = location.country; amount: Int = loan_amount }
/// model Tagged { tags: [String] ?? []; note: String? = "first-name" }
/// ```
///
/// A source holds any number of `model Name { … }` definitions. Fields are separated by
/// `;`, `,` or new lines and read `name: Type [= key.path] [?? default]`; a field may
/// start with `var` or `let`, and `//` comments run to the end of the line. Types are
/// `String`, `Int`, `Double`, `Bool`, `Date`, a model's name, `[T]` and `T?`. A key that
/// is not an identifier is quoted: `location."geo-pairs"`. Defaults are a string, a
/// number, `true`, `false`, `[]` or `nil`, and must fit the field's type.
///
/// Parsing checks the shape of the source only; `ModelLibrary.validate(_:builtInNames:)`
/// checks names and that the models used exist.
public enum ModelParser {
  /// The definitions in `source`, in order.
  public static func parse(_ source: String) throws(ModelSyntaxError) -> [ModelDefinition] {
    var parser = ModelParserState(tokens: try ModelLexer.tokens(of: source))
    return try parser.parseSource()
  }
}

/// The parser's position in the tokens, and the grammar's rules.
struct ModelParserState {
  let tokens: [ModelToken]
  var index = 0
  /// Names declared with `model` anywhere in the source, for suggestions.
  let declaredModels: [String]

  init(tokens: [ModelToken]) {
    self.tokens = tokens
    var names: [String] = []
    for (position, token) in tokens.enumerated() where token.isWord("model") {
      if position + 1 < tokens.count, let name = tokens[position + 1].identifier {
        names.append(name)
      }
    }
    declaredModels = names
  }

  var current: ModelToken { tokens[min(index, tokens.count - 1)] }

  func peek(_ distance: Int) -> ModelToken {
    tokens[min(index + distance, tokens.count - 1)]
  }

  mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  mutating func skipNewlines() {
    while current.kind == .newline { advance() }
  }

  /// Skips new lines and the separators `;` and `,`.
  mutating func skipSeparators() {
    while current.kind == .newline || current.isSymbol(";") || current.isSymbol(",") { advance() }
  }

  func error(_ message: String, at token: ModelToken? = nil) -> ModelSyntaxError {
    ModelSyntaxError(message: message, offset: (token ?? current).offset)
  }

  mutating func parseSource() throws(ModelSyntaxError) -> [ModelDefinition] {
    var definitions: [ModelDefinition] = []
    skipSeparators()
    while current.kind != .end {
      guard current.isWord("model") else {
        let hint = current.isWord("struct") ? " — models start with 'model': model Name { … }" : ""
        throw error("expected 'model', found \(current.quoted)\(hint)")
      }
      advance()
      definitions.append(try parseModel())
      skipSeparators()
    }
    return definitions
  }

  private mutating func parseModel() throws(ModelSyntaxError) -> ModelDefinition {
    guard let name = current.identifier else {
      throw error("expected a model name after 'model', found \(current.quoted)")
    }
    advance()
    skipNewlines()
    guard current.isSymbol("{") else {
      throw error("expected '{' after 'model \(name)', found \(current.quoted)")
    }
    advance()
    var fields: [ModelField] = []
    while true {
      skipSeparators()
      if current.isSymbol("}") {
        advance()
        return ModelDefinition(name: name, fields: fields)
      }
      if current.kind == .end || (current.isWord("model") && peek(1).identifier != nil) {
        throw error("missing '}' to close model '\(name)'")
      }
      let field = try parseField(in: name)
      fields.append(field)
      let after = current
      guard
        after.kind == .newline || after.isSymbol(";") || after.isSymbol(",")
          || after.isSymbol("}") || after.kind == .end
      else {
        throw error("expected ';' or a new line after field '\(field.name)', found \(after.quoted)")
      }
    }
  }

  private mutating func parseField(in model: String) throws(ModelSyntaxError) -> ModelField {
    if current.isWord("var") || current.isWord("let"), peek(1).identifier != nil { advance() }
    // Swift's way of naming keys, pasted into a model: the model language says it per field.
    if current.isWord("enum") || current.isWord("case") || current.isWord("init"),
      !peek(1).isSymbol(":")
    {
      throw error(
        "\(current.quoted) is Swift: in a model, each field names its JSON key itself "
          + "(amount: Int = loan_amount), and codegen writes the CodingKeys and init(from:)")
    }
    if case .string(let key) = current.kind {
      let suggested = GeneratedNames.lowerCamelCase(key)
      throw error(
        "field name \(current.quoted) is not a Swift name — write: \(suggested): Type = \(current.text)"
      )
    }
    guard let name = current.identifier else {
      throw error("expected a field name in model '\(model)', found \(current.quoted)")
    }
    advance()
    guard current.isSymbol(":") else {
      throw error("expected ':' after field '\(name)', found \(current.quoted)")
    }
    advance()
    skipNewlines()
    let type = try parseType(field: name)
    var keyPath: [String]?
    if current.isSymbol("=") {
      advance()
      skipNewlines()
      keyPath = try parseKeyPath(field: name)
    }
    var defaultValue: ModelLiteral?
    if current.isSymbol("??") {
      advance()
      skipNewlines()
      defaultValue = try parseDefault(field: name, type: type)
    }
    return ModelField(name: name, type: type, keyPath: keyPath, defaultValue: defaultValue)
  }
}
