/// The parts of a field: its type, its key path and its default.
extension ModelParserState {
  /// `String`, `Loan`, `[T]`, `T?`.
  mutating func parseType(field: String) throws(ModelSyntaxError) -> ModelType {
    let start = current
    var type: ModelType
    if current.isSymbol("[") {
      advance()
      skipNewlines()
      let element = try parseType(field: field)
      skipNewlines()
      guard current.isSymbol("]") else {
        throw error(
          "expected ']' to close '[\(element.swiftName)' in the type of field '\(field)', "
            + "found \(current.quoted)")
      }
      advance()
      type = .array(element)
    } else if let name = current.identifier {
      if let scalar = SwiftNames.scalarTypes[name] {
        type = scalar
      } else if SwiftNames.isModelName(name) {
        type = .model(name)
      } else {
        // A script's error has no caret under the type: name the field, as validation does.
        throw error(
          SwiftNames.unknownTypeMessage(name, models: declaredModels) + " (field '\(field)')")
      }
      advance()
    } else {
      throw error("expected a type for field '\(field)', found \(current.quoted)")
    }
    if current.isSymbol("?") {
      advance()
      type = .optional(type)
    }
    // `??` straight after a type starts a default, except inside `[…]` where it can only
    // be a second `?`.
    if current.isSymbol("?") || (current.isSymbol("??") && peek(1).isSymbol("]")) {
      let written = type.swiftName + current.text
      throw error(
        "type '\(written)' of field '\(field)' is optional twice — one '?' is enough", at: start)
    }
    return type
  }

  /// `loan_amount`, `location.country`, `location."geo-pairs"`.
  mutating func parseKeyPath(field: String) throws(ModelSyntaxError) -> [String] {
    var keys = [try parseKey(field: field, afterDot: false)]
    while continuesKeyPath() {
      skipNewlines()
      advance()
      keys.append(try parseKey(field: field, afterDot: true))
    }
    return keys
  }

  /// Whether a `.` comes next, perhaps at the start of the next line (as Swift allows).
  private func continuesKeyPath() -> Bool {
    var distance = 0
    while peek(distance).kind == .newline { distance += 1 }
    return peek(distance).isSymbol(".")
  }

  private mutating func parseKey(field: String, afterDot: Bool) throws(ModelSyntaxError) -> String {
    let token = current
    switch token.kind {
    case .string(let key):
      advance()
      return key
    case .identifier(let key) where !ModelSource.literalWords.contains(key):
      advance()
      return key
    case .identifier, .integer, .double:
      if !afterDot {
        throw error(
          "expected a key path after '=', found \(token.quoted) — a default follows '??': "
            + "\(field): … ?? \(token.text)")
      }
      throw error("expected a key after '.', found \(token.quoted) — quote it: \"\(token.text)\"")
    case .symbol("["):
      throw error(
        "expected a key path after '=', found '[' — a default follows '??': \(field): … ?? []")
    default:
      let place = afterDot ? "a key after '.'" : "a key path after '=' in field '\(field)'"
      throw error("expected \(place), found \(token.quoted)")
    }
  }

  /// `"text"`, `12`, `3.5`, `true`, `false`, `[]`, `nil`, checked against `type`.
  mutating func parseDefault(field: String, type: ModelType) throws(ModelSyntaxError)
    -> ModelLiteral
  {
    let token = current
    let literal: ModelLiteral
    switch token.kind {
    case .string(let text): literal = .string(text)
    case .integer(let value): literal = .int(value)
    case .double(let value): literal = .double(value)
    case .identifier("true"): literal = .bool(true)
    case .identifier("false"): literal = .bool(false)
    case .identifier("nil"): literal = .null
    case .symbol("["):
      advance()
      skipNewlines()
      guard current.isSymbol("]") else {
        throw error("only '[]' can be a default for an array, found \(current.quoted)")
      }
      literal = .emptyArray
    case .identifier(let word) where type.unwrappedFully == .string:
      // A word is no value: text goes in quotes.
      throw error(
        "expected a default after '??' in field '\(field)', found \(token.quoted) — "
          + "text goes in quotes: ?? \"\(word)\"")
    default:
      throw error("expected a default after '??' in field '\(field)', found \(token.quoted)")
    }
    advance()
    if let problem = literal.misfit(for: type, written: token.isSymbol("[") ? "[]" : token.text) {
      throw error(problem, at: token)
    }
    return literal
  }
}

extension ModelLiteral {
  /// Whether the literal can stand for a value of `type`, as a Swift `?? literal` would
  /// compile: `0` fits `Int` and `Double`, `nil` only optionals, `[]` only arrays.
  func fits(_ type: ModelType) -> Bool {
    switch (self, type.unwrapped) {
    case (.null, _): type.isOptional
    case (.string, .string), (.int, .int), (.int, .double), (.double, .double), (.bool, .bool),
      (.emptyArray, .array):
      true
    default: false
    }
  }

  /// Why the literal cannot be the default of a `type` field, if it cannot:
  /// `default '"x"' does not fit type Int`.
  func misfit(for type: ModelType, written: String) -> String? {
    if case .double(let value) = self, !value.isFinite {
      return "default '\(written)' is not a number Swift can write"
    }
    guard !fits(type) else { return nil }
    let hint = self == .null ? " — make the type optional: \(type.swiftName)?" : ""
    return "default '\(written)' does not fit type \(type.swiftName)\(hint)"
  }
}
