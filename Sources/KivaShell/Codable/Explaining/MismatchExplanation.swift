import Foundation

extension ExplainingContext {
  /// `typeMismatch`: `loans[3].loan_amount should be Int, found the string "lots"`, with
  /// the value read from the JSON and the type change that would fit it.
  func mismatch(
    expected type: Any.Type, _ context: DecodingError.Context
  ) -> ExplainedDecodingError {
    let (path, value) = document.resolve(context.codingPath)
    let expected = Self.expectedName(type)
    let found = value.map(JSONValue.init)
    // A number in a Date field read as an ISO 8601 string: JSONDecoder asks for a String.
    if case .number? = found, type == String.self, options.dateStrategy == .iso8601,
      library?.type(at: context.codingPath, root: modelName) == .date
    {
      if let mixed = mixedDates(at: path, found: found) { return mixed }
      return ExplainedDecodingError(
        summary: "\(place(path)) is a Date, read as an ISO 8601 string, but the JSON has no "
          + "string there",
        notes: [
          "path: \(place(path))",
          "expected: a date string like \"2012-06-12T20:30:03Z\" (dateDecodingStrategy = "
            + ".iso8601) — found: \(found?.withArticle ?? "a number")",
          "fix: a number of seconds since 1970 is a timestamp: decode with --dates seconds "
            + "(dateDecodingStrategy = .secondsSince1970)",
        ])
    }
    let foundText = found?.withDefiniteArticle ?? Self.foundPhrase(context.debugDescription)
    var notes = ["path: \(place(path))"] + keyNote(context.codingPath, jsonPath: path)
    notes.append("expected: \(expected) — found: \(found?.withArticle ?? foundText)")
    let property = propertyName(context.codingPath) ?? "value"
    if case .string(let text)? = found, Self.numericTypes.contains(expected),
      options.dateStrategy != .iso8601, Self.isISODate(text)
    {
      if library?.type(at: context.codingPath, root: modelName) == .date,
        let mixed = mixedDates(at: path, found: found)
      {
        return mixed
      }
      notes.append("fix: read ISO 8601 dates: decoder.dateDecodingStrategy = .iso8601")
      return ExplainedDecodingError(
        summary: "\(place(path)) is the ISO 8601 date \(JSONValueText.quoted(text)), but the "
          + "decoder reads dates as numbers (.\(options.dateStrategy.rawValue))",
        notes: notes)
    }
    // The model itself, without the arrays and optionals `decode [[S]]?` wraps it in.
    let model = modelName.trimmingCharacters(in: CharacterSet(charactersIn: "[]?"))
    if context.codingPath.isEmpty, case .array? = found, expected == "an object" {
      // The whole JSON is a list of what the model describes, or of what it wraps.
      notes.append(
        unwrappedFix()
          ?? "fix: the JSON is an array: decode [\(model)] (in Swift: [\(model)].self)")
    } else if context.codingPath.isEmpty, case .object? = found, expected == "an array" {
      notes.append(
        wrapperFix()
          ?? "fix: the JSON is one object: decode \(model) (in Swift: \(model).self)")
    } else if let element = elementFix(context.codingPath, found: found) {
      notes.append(element)
    } else if let unaddressed = unaddressedFix(context.codingPath, expected: expected, found: found)
    {
      notes.append(unaddressed)
    } else {
      notes += mismatchFixes(
        expected: expected, found: found, property: property, at: context.codingPath)
    }
    return ExplainedDecodingError(
      summary: "\(place(path)) should be \(expected), found \(foundText)", notes: notes)
  }

  /// `valueNotFound`: `loans[3].name is null, but String is not optional`.
  func missingValue(
    expected type: Any.Type, _ context: DecodingError.Context
  ) -> ExplainedDecodingError {
    let (path, value) = document.resolve(context.codingPath)
    let expected = Self.expectedName(type)
    var notes = ["path: \(place(path))"] + keyNote(context.codingPath, jsonPath: path)
    guard value != nil else {
      // Not null but absent: an unkeyed container read past its end.
      notes.append("expected: \(expected) — found: the end of the array")
      return ExplainedDecodingError(
        summary: "\(place(path)) is past the end of the array", notes: notes)
    }
    notes.append("expected: \(expected) — found: null")
    let isContainer = expected.hasPrefix("an ")
    if let property = propertyName(context.codingPath) {
      if isContainer, case .key(let jsonKey)? = path.steps.last,
        let throughIt = fieldsReadThrough(context.codingPath)
      {
        // A key that fields read through (`location` of `location.country`), no property.
        notes.append("fix: if '\(jsonKey)' may be null, \(throughIt)")
      } else if isContainer {
        notes.append("fix: make the property optional (…?) and decode it with decodeIfPresent")
      } else {
        notes.append(
          "fix: make the property optional: var \(property): \(expected)? "
            + "(decodeIfPresent gives nil for null)")
        if let fallback = Self.defaultLiteral(for: expected) {
          let container =
            labField(at: context.codingPath).map(Self.containerVariable) ?? "container"
          notes.append(
            "fix: or keep it and default it: try \(container).decodeIfPresent(\(expected).self, "
              + "forKey: .\(property)) ?? \(fallback)")
        }
      }
    } else if context.codingPath.isEmpty {
      notes.append(
        "fix: the whole JSON is null: check what was read, or decode it as optional "
          + "(\(modelName)?)")
    } else if context.codingPath.count == 1, modelName.hasPrefix("["), modelName.hasSuffix("]") {
      // The top-level array the command named holds the null.
      let optional = "[\(modelName.dropFirst().dropLast())?]"
      notes.append("fix: the array holds nulls: decode \(optional) (in Swift: \(optional).self)")
    } else {
      let element = isContainer ? "…" : expected
      notes.append("fix: the array holds nulls: decode its elements as optionals ([\(element)?])")
    }
    let summary =
      isContainer
      ? "\(place(path)) is null, but the model expects \(expected) there"
      : "\(place(path)) is null, but \(expected) is not optional"
    return ExplainedDecodingError(summary: summary, notes: notes)
  }

  static let numericTypes: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "Decimal",
  ]

  /// The numeric types that hold fractions.
  static let fractionalTypes: Set<String> = ["Double", "Float", "Decimal"]

  /// For an element of an array property (`a[1]` of `var a: [Int]`) of a plain JSON type:
  /// the array's declaration that fits it, `var a: [String]`.
  private func elementFix(_ codingPath: [any CodingKey], found: JSONValue?) -> String? {
    guard let last = codingPath.last, JSONPath.isIndex(last),
      let array = propertyName(Array(codingPath.dropLast())), let found,
      let swiftType = found.swiftType
    else { return nil }
    // Elements declared optional ([String?]) stay optional: the array holds nulls too.
    var element = swiftType
    if let field = labField(at: Array(codingPath.dropLast())),
      case .array(.optional) = field.type.unwrapped
    {
      element += "?"
    }
    return "fix: the array holds \(found.withArticle): declare its elements as \(element): "
      + retyped(array, as: "[\(element)]", at: Array(codingPath.dropLast()))
  }

  /// The usual change for a value of the wrong JSON type.
  private func mismatchFixes(
    expected: String, found: JSONValue?, property: String, at codingPath: [any CodingKey]
  ) -> [String] {
    switch found {
    case .string(let text)? where Self.numericTypes.contains(expected):
      // The conversion offered must work on the JSON's text: Int("1.5") is nil.
      let isWhole = Int64(text) != nil || UInt64(text) != nil
      if Double(text) != nil, isWhole || Self.fractionalTypes.contains(expected) {
        return [
          "fix: the JSON sends the number as a string: decode String, then convert it "
            + "(\(expected)(text))"
        ]
      }
      if Double(text) != nil {
        return [
          "fix: the JSON sends the number as a string, and \(JSONValueText.quoted(text)) is no "
            + "whole number: decode String, then convert it with Double(text), and declare the "
            + "property Double: \(retyped(property, as: "Double", at: codingPath))"
        ]
      }
      return [
        "fix: declare the property as String: \(retyped(property, as: "String", at: codingPath))"
      ]
    case .number? where expected == "Bool":
      return ["fix: the JSON uses numbers for booleans: decode Int and compare (value == 1)"]
    case .number? where expected == "String" && Self.looksLikeDate(property):
      return [
        "fix: declare it Int: \(retyped(property, as: "Int", at: codingPath))",
        "fix: or, if it is a date in seconds: Date, with decoder.dateDecodingStrategy = "
          + ".secondsSince1970",
      ]
    case .array? where expected == "an object":
      return ["fix: the JSON has a list here: declare the property as an array ([…])"]
    case .array? where !expected.hasPrefix("an "):
      return [
        "fix: the JSON has a list here: declare the property as an array: "
          + retyped(property, as: "[\(expected)]", at: codingPath)
      ]
    case .object? where expected == "an array":
      return [
        "fix: the JSON has one object here, not a list: declare the property as a single struct"
      ]
    case .object?:
      return [
        "fix: the JSON has an object here: declare a struct for it, or read inside it with "
          + "nestedContainer(keyedBy:forKey:)"
      ]
    case let value?:
      return value.swiftType.map {
        ["fix: declare the property as \($0): \(retyped(property, as: $0, at: codingPath))"]
      } ?? []
    case nil:
      return []
    }
  }

  /// "a string" from Foundation's "Expected to decode Int but found a string instead."
  static func foundPhrase(_ description: String) -> String {
    guard let start = description.range(of: "found ") else { return "something else" }
    var phrase = description[start.upperBound...]
    if let end = phrase.range(of: " instead") { phrase = phrase[..<end.lowerBound] }
    return String(phrase)
  }

  /// Whether `text` is a date `.iso8601` reads: `2012-06-12T20:30:03Z`.
  ///
  /// `JSONDecoder` parses with `Date.ISO8601FormatStyle`, which refuses white space before
  /// the date; `ISO8601DateFormatter` skips it, so it cannot say what the decoder takes.
  static func isISODate(_ text: String) -> Bool {
    (try? Date.ISO8601FormatStyle().parse(text)) != nil
  }

  /// Whether a property name suggests a date: `postedDate`, `posted_date`, `createdAt`.
  static func looksLikeDate(_ property: String) -> Bool {
    let lowered = property.lowercased()
    return lowered.contains("date") || lowered.hasSuffix("_at") || property.hasSuffix("At")
  }

  /// A default for a plain type: `""`, `0`, `false`.
  static func defaultLiteral(for type: String) -> String? {
    if type == "String" { return "\"\"" }
    if type == "Bool" { return "false" }
    if numericTypes.contains(type) { return "0" }
    if type.hasPrefix("[") { return "[]" }
    return nil
  }
}
