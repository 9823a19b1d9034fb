import Foundation

extension ExplainingContext {
  /// A date `.iso8601` rejects: `loans[0].posted_date: "2012-06-1X" is not an ISO 8601 date`.
  ///
  /// Foundation gives the path of the struct being decoded, without the keys (or index)
  /// that lead from it to the date; the date is then found there: see `badDateSteps`.
  func badDate(_ context: DecodingError.Context) -> ExplainedDecodingError {
    var (path, value) = document.resolve(context.codingPath)
    var keyNotes = keyNote(context.codingPath, jsonPath: path)
    var property = propertyName(context.codingPath) ?? "date"
    var field = library?.field(at: context.codingPath, root: modelName)
    if let found = badDateSteps(in: value, at: context.codingPath) {
      path.steps += found.steps
      value = found.value
      keyNotes = found.keyNotes ?? keyNotes
      property = found.property ?? property
      field = found.field ?? field
    }
    let found = value.map(JSONValue.init)
    var notes = ["path: \(place(path))"] + keyNotes
    notes.append(
      "expected: an ISO 8601 date like \"2012-06-12T20:30:03Z\" — found: "
        + (found?.withArticle ?? "nothing"))
    notes += dateFixes(found: found, property: property, field: field)
    return ExplainedDecodingError(
      summary: "\(place(path)): \(found?.literal ?? "the value") is not an ISO 8601 date",
      notes: notes)
  }

  /// A date found where Foundation's path stops short.
  private struct BadDate {
    /// The steps from the path Foundation gave to the date.
    var steps: [JSONPath.Step]
    /// The value there.
    var value: Any?
    /// The property to name in the fixes, when known.
    var property: String?
    /// The key notes to show (nil: those for the path Foundation gave).
    var keyNotes: [String]?
    /// The lab model's field holding the date, when known.
    var field: ModelField?
  }

  /// The date Foundation could not read in `value` (the value at `codingPath`).
  ///
  /// For a lab model: the first of the fields read there that holds a date (or an array
  /// of dates, through nested objects too) whose string `.iso8601` rejects. Otherwise, in
  /// an object: the key `badDateKey` finds; in an array: the first string `.iso8601`
  /// rejects.
  private func badDateSteps(in value: Any?, at codingPath: [any CodingKey]) -> BadDate? {
    if let library, library.rootType(modelName) != nil {
      for (field, keys) in library.fields(readingPast: codingPath, root: modelName) {
        if let found = badDate(in: value, field: field, keys: keys) { return found }
      }
    }
    if let array = value as? [Any], let index = Self.firstBadDate(in: array) {
      return BadDate(steps: [.index(index)], value: array[index])
    }
    guard let object = value as? [String: Any], let key = Self.badDateKey(in: object) else {
      return nil
    }
    return BadDate(
      steps: [.key(key)], value: object[key], property: KeyNaming.camelCase(fromSnakeCase: key),
      keyNotes: [])
  }

  /// The date of `field`, read from `value` by `keys`, when `.iso8601` rejects it (or one
  /// of its elements, for an array of dates).
  private func badDate(in value: Any?, field: ModelField, keys: ArraySlice<String>) -> BadDate? {
    var steps: [JSONPath.Step] = []
    var current = value
    for key in keys {
      guard let object = current as? [String: Any],
        let jsonKey = KeyNaming.jsonKey(of: DynamicKey(key, in: ""), in: object, options: options)
      else { return nil }
      steps.append(.key(jsonKey))
      current = object[jsonKey]
    }
    let property = SwiftIdentifier.escaped(field.name)
    var notes: [String]?
    if case .key(let jsonKey)? = steps.last {
      notes = keyNote(property: property, jsonKey: jsonKey)
    }
    switch field.type.unwrappedFully {
    case .date:
      guard let text = current as? String, !Self.isISODate(text) else { return nil }
      return BadDate(
        steps: steps, value: text, property: property, keyNotes: notes, field: field)
    case .array(let element) where element.unwrappedFully == .date:
      guard let array = current as? [Any], let index = Self.firstBadDate(in: array) else {
        return nil
      }
      return BadDate(
        steps: steps + [.index(index)], value: array[index], property: property, keyNotes: notes,
        field: field)
    default:
      return nil
    }
  }

  /// The index of the first string in `array` that `.iso8601` rejects.
  static func firstBadDate(in array: [Any]) -> Int? {
    array.firstIndex { ($0 as? String).map { !isISODate($0) } ?? false }
  }

  /// The key of a string in `object` that is no ISO 8601 date but is meant to be one (its
  /// key or its text says so), alphabetically first; else the only string there that is
  /// no date (`{"a": "yesterday"}`).
  static func badDateKey(in object: [String: Any]) -> String? {
    let notDates = object.keys.sorted().filter { key in
      guard let text = object[key] as? String else { return false }
      return !isISODate(text)
    }
    let meant = notDates.first { key in
      looksLikeDate(key) || (object[key] as? String)?.prefixMatch(of: /\d{4}-\d\d/) != nil
    }
    return meant ?? (notDates.count == 1 ? notDates.first : nil)
  }

  /// The usual fixes for a date `.iso8601` rejects.
  private func dateFixes(found: JSONValue?, property: String, field: ModelField?) -> [String] {
    guard case .string(let text)? = found else {
      return ["fix: the JSON has no date string here: check the key, or make the property optional"]
    }
    // `.iso8601` takes white space after a date, not before it.
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed != text, Self.isISODate(trimmed) {
      return [
        "fix: the string starts with white space, which .iso8601 does not skip: trim it in "
          + "the JSON (\(JSONValueText.quoted(trimmed)))",
        "fix: or decode it as a String and parse it trimmed: ISO8601DateFormatter().date(from: "
          + "text.trimmingCharacters(in: .whitespacesAndNewlines))",
      ]
    }
    if text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil {
      return [
        "fix: the date has no time: use a DateFormatter with dateFormat \"yyyy-MM-dd\" and "
          + "decoder.dateDecodingStrategy = .formatted(formatter)"
      ]
    }
    if text.contains("."), text.contains("T") {
      return [
        "fix: .iso8601 rejects fractional seconds: use .custom with an ISO8601DateFormatter "
          + "whose formatOptions include .withFractionalSeconds"
      ]
    }
    return ["fix: correct the date in the JSON", Self.tryFix(property: property, field: field)]
  }

  /// `try?` turns a bad date into `nil`, so the property must be optional for the line to
  /// compile: said as is for an optional field, with the declaration it needs otherwise
  /// (a field not known to be optional, or a date outside a lab model).
  static func tryFix(property: String, field: ModelField?) -> String {
    let type = field.map { $0.type.unwrappedFully.swiftName } ?? "Date"
    let container = field.map(containerVariable) ?? "container"
    let read =
      "\(property) = try? \(container).decodeIfPresent(\(type).self, forKey: .\(property))"
    if field?.type.isOptional == true { return "fix: or let a bad date give nil: \(read)" }
    return "fix: or let a bad date give nil: make the property optional (var \(property): "
      + "\(type)?) and decode it with try?: \(read)"
  }
}
