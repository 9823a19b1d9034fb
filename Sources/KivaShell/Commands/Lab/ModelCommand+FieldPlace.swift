extension ModelCommand {
  /// The name token of field `index` (from 0) of `model` in model-language `source`:
  /// where an error about that field points, so that a script names its line. Field
  /// names are the identifiers followed by `:` inside the model's braces (no other
  /// word of the language is).
  static func fieldName(_ index: Int, of model: String, in source: String) -> ModelToken? {
    guard let tokens = try? ModelLexer.tokens(of: source) else { return nil }
    var position = 0
    // The model's `model NAME {`.
    while position + 2 < tokens.count,
      !(tokens[position].isWord("model") && tokens[position + 1].isWord(model)
        && tokens[position + 2].isSymbol("{"))
    {
      position += 1
    }
    var seen = 0
    var depth = 0
    for next in (position + 2)..<max(position + 2, tokens.count - 1) {
      let token = tokens[next]
      if token.isSymbol("{") || token.isSymbol("[") { depth += 1 }
      if token.isSymbol("}") || token.isSymbol("]") { depth -= 1 }
      if depth == 0 { return nil }
      guard depth == 1, token.identifier != nil, tokens[next + 1].isSymbol(":") else { continue }
      if seen == index { return token }
      seen += 1
    }
    return nil
  }
}
