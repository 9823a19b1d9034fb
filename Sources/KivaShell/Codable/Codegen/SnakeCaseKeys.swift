/// The keys of lab models that `.convertFromSnakeCase` never matches: the decoder
/// converts the JSON's keys before it looks for one, so a model key in snake_case
/// (`loan_amount`) matches nothing, and Swift's `CodingKeys` must name it converted
/// (`"loanAmount"`).
enum SnakeCaseKeys {
  /// A model's key in snake_case and what the conversion makes of it.
  struct Unconverted: Equatable {
    var model: String
    var key: String
    var converted: String
  }

  /// Every such key of `models`, each once, in the models' and fields' order.
  static func unconverted(in models: [ModelDefinition]) -> [Unconverted] {
    var seen: Set<String> = []
    var found: [Unconverted] = []
    for model in models {
      for key in model.fields.flatMap(\.keyPath) where !seen.contains(key) {
        let converted = KeyNaming.camelCase(fromSnakeCase: key)
        guard converted != key else { continue }
        seen.insert(key)
        found.append(Unconverted(model: model.name, key: key, converted: converted))
      }
    }
    return found
  }
}
