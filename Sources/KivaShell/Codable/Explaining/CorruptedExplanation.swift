import Foundation

extension ExplainingContext {
  /// `dataCorrupted`: malformed JSON (with the line and a caret), a malformed date, a value
  /// that is no case of an enum, a number that does not fit its type.
  func corrupted(_ context: DecodingError.Context) -> ExplainedDecodingError {
    let description = context.debugDescription
    if context.codingPath.isEmpty, description.contains("not valid JSON") {
      if let syntax = DecodingErrorExplainer.explainSyntax(json, refusedValues: true) {
        return syntax
      }
      // Foundation on Linux reports a number that does not fit its type this way; a
      // number that reads as 0 only when nothing else explains it (an `Int` takes it).
      if document.root != nil {
        if let explained = numberDoesNotFit(description) { return explained }
        if let tiny = JSONSyntaxError.numberOutOfRange(in: json, underflow: true) {
          return DecodingErrorExplainer.explain(tiny, in: json)
        }
        return ExplainedDecodingError(
          summary: "the JSON is valid, but Foundation says: \(description)")
      }
    }
    if description.contains("ISO8601") { return badDate(context) }
    let (path, value) = document.resolve(context.codingPath)
    let found = value.map(JSONValue.init)
    var notes = ["path: \(place(path))"] + keyNote(context.codingPath, jsonPath: path)
    let property = propertyName(context.codingPath) ?? "value"
    let foundLiteral = found?.literal ?? "the value"
    if let enumName = Self.enumName(in: description) {
      let foundValue = found?.withArticle ?? "another value"
      notes.append("expected: one of \(enumName)'s raw values — found: \(foundValue)")
      if case .string(let text)? = found, let name = Self.caseName(for: text) {
        let rawValue = name == text ? "" : " = \(JSONValueText.quoted(text))"
        notes.append("fix: add the case to the enum: case \(name)\(rawValue)")
      }
      notes.append("fix: or declare the property as String and compare it yourself")
      return ExplainedDecodingError(
        summary: "\(place(path)): \(foundLiteral) is not a case of \(enumName)", notes: notes)
    }
    if let found { notes.append("found: \(found.withArticle)") }
    if found?.fitsInt == false || description.contains("does not fit") {
      notes.append("fix: a number with a fraction needs Double: var \(property): Double")
    }
    return ExplainedDecodingError(summary: "\(place(path)): \(description)", notes: notes)
  }

  /// Foundation's "The given data was not valid JSON." about JSON that parses: on Linux that
  /// is how it reports a number too large for its type, or one with a fraction for an `Int`;
  /// nil when no number of the JSON is one.
  private func numberDoesNotFit(_ description: String) -> ExplainedDecodingError? {
    var numbers = document.numbersNotFittingInt()
    // For a lab model, only those that land in an Int field (a Double takes 2.5), when
    // the paths can be followed (with --snake-case the JSON's keys are not the model's).
    if let library, library.rootType(modelName) != nil {
      let inInts = numbers.filter { number in
        let codingPath: [any CodingKey] = number.path.steps.compactMap { step in
          switch step {
          case .key(let key): DynamicKey(stringValue: key)
          case .index(let index): DynamicKey(intValue: index)
          }
        }
        return library.type(at: codingPath, root: modelName) == .int
      }
      if !inInts.isEmpty { numbers = inInts }
    }
    guard !numbers.isEmpty else { return nil }
    let listed = numbers.map { "\($0.path.text) = \($0.value.literal)" }
    var notes = ["numbers that do not fit Int: \(JSONValueText.list(listed, limit: 3))"]
    if numbers.contains(where: { $0.value.hasFraction }) {
      notes.append(
        "fix: declare properties that can hold fractions as Double (in Swift, Decimal keeps "
          + "money's cents exact; the lab's models have Double)")
    }
    if numbers.contains(where: { !$0.value.hasFraction }) {
      notes.append(
        "fix: Int holds whole numbers from -9,223,372,036,854,775,808 to "
          + "9,223,372,036,854,775,807: declare larger ones as Double (in Swift, Decimal keeps "
          + "every digit; the lab's models have Double)")
    }
    return ExplainedDecodingError(
      summary: "a number does not fit its Swift type (Foundation says \"\(description)\")",
      notes: notes)
  }

  /// `Status` from Foundation's "Cannot initialize Status from invalid String value pending".
  static func enumName(in description: String) -> String? {
    guard let match = description.firstMatch(of: /Cannot initialize (\S+) from invalid/) else {
      return nil
    }
    return String(match.1)
  }

  /// A Swift case name for a raw value: `pending`, or `inReview` for `in review`.
  static func caseName(for rawValue: String) -> String? {
    let words = rawValue.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    guard let first = words.first, first.first?.isLetter == true else { return nil }
    return
      ([first.prefix(1).lowercased() + first.dropFirst()] + words.dropFirst().map(\.capitalized))
      .joined()
  }
}
