import Foundation

/// A decoding failure explained for a class: one line naming the problem, then notes.
public struct ExplainedDecodingError: Equatable, Sendable {
  /// The problem in one line, quoting the input: `'loan_amount' is missing at loans[3]`.
  public var summary: String
  /// Lines printed under the summary, each one line: `path: …`, `JSON key: …`,
  /// `expected: … — found: …`, `keys there: …`, then `fix: …` lines.
  public var notes: [String]

  /// Creates an explanation.
  public init(summary: String, notes: [String] = []) {
    self.summary = summary
    self.notes = notes
  }
}

/// Turns a `DecodingError` (or malformed JSON) into a summary and notes that say where in
/// the JSON it happened, what was there, and the usual fix.
public enum DecodingErrorExplainer {
  /// Explains `error`, thrown while decoding `json` with `options` as the model
  /// `modelName` (the type decoded at the top level).
  ///
  /// The values quoted are read from `json` itself, at the error's coding path; with the
  /// `library` the model comes from, the types of its fields are known too.
  public static func explain(
    _ error: DecodingError, json: Data, options: DecodingOptions, modelName: String,
    library: ModelLibrary? = nil, documentLimit: Int = Self.documentLimit
  ) -> ExplainedDecodingError {
    // The values an explanation quotes come from the JSON parsed whole, which takes some
    // 30 times its size in memory: past `documentLimit`, from a sample of it (its arrays
    // cut to their first elements), which still shows how the records are wrapped.
    let quotable = json.count <= documentLimit
    let sample = quotable ? json : JSONSample.cut(json, elements: sampleElements)
    let context = ExplainingContext(
      document: JSONDocument(sample ?? Data("null".utf8), options: options), json: json,
      modelName: modelName, library: library)
    var explained: ExplainedDecodingError
    switch error {
    case .keyNotFound(let key, let errorContext):
      explained = context.missingKey(key, at: errorContext.codingPath)
    case .typeMismatch(let type, let errorContext):
      explained = context.mismatch(expected: type, errorContext)
    case .valueNotFound(let type, let errorContext):
      explained = context.missingValue(expected: type, errorContext)
    case .dataCorrupted(let errorContext):
      explained = context.corrupted(errorContext)
    @unknown default:
      return ExplainedDecodingError(summary: String(describing: error))
    }
    if !quotable {
      let size = ProgressLine.size(Int64(json.count))
      explained.notes.append(
        sample == nil
          ? "the JSON is \(size): too big to quote from here; decode a part of it for the keys"
            + " and values there, and the fix"
          : "the JSON is \(size): what is quoted comes from its arrays' first"
            + " \(sampleElements) elements")
    }
    return explained
  }

  /// How many elements of each array the sample of a JSON past `documentLimit` keeps, and
  /// how many records a wrapper hint is checked on: enough to tell what fits, few enough
  /// that the explanation costs nothing beside the decode that failed.
  static let sampleElements = 100

  /// The largest JSON whose values an explanation quotes: 64 MiB (100,000 Kiva loans).
  public static let documentLimit = 64 << 20

  /// Explains malformed JSON, or returns nil when `json` is valid:
  ///
  /// ```
  /// the JSON is malformed at line 4, column 31: expected ',' or '}' after an object
  /// member, found '"'   (one line)
  ///   4 |     {"id": 1, "name": "Amina" "use": "x"}
  ///     |                               ^
  /// ```
  ///
  /// The caret lines up by characters (a line with `é` before the error still points at
  /// the right place); a very long line (minified JSON) is cut around the column.
  ///
  /// With `refusedValues`, valid syntax that no reader takes counts too: a `\u` escape of
  /// half a surrogate pair (no character) or a number beyond any Swift type. Only
  /// Foundation's "not valid JSON" may be one of those: any other error is the real one.
  public static func explainSyntax(_ json: Data, refusedValues: Bool = false)
    -> ExplainedDecodingError?
  {
    let found =
      refusedValues
      ? JSONSyntaxError.refusal(in: json, numbers: true) : JSONSyntaxError.find(in: json)
    guard let error = found else { return nil }
    return explain(error, in: json)
  }

  /// `error`, found in `json`, with its line, column and a caret under it.
  static func explain(_ error: JSONSyntaxError, in json: Data) -> ExplainedDecodingError {
    let summary =
      "the JSON is malformed at line \(error.line), column \(error.column): \(error.reason)"
    return ExplainedDecodingError(
      summary: summary, notes: SourceExcerpt(json, line: error.line, column: error.column).lines)
  }
}

/// What every explanation needs: the parsed JSON, the raw text and the model's name
/// (and its library, when the model is a lab model).
struct ExplainingContext {
  let document: JSONDocument
  let json: Data
  let modelName: String
  let library: ModelLibrary?

  var options: DecodingOptions { document.options }

  /// Where a path is, for a sentence: `loans[3]`, or `the top level (LoanStore)`.
  func place(_ path: JSONPath) -> String {
    JSONDocument.place(path, modelName: modelName)
  }

  /// `JSON key: 'loan_amount' (the property is 'amount')` when the last key of the coding
  /// path names a property spelled differently from its JSON key.
  func keyNote(_ codingPath: [any CodingKey], jsonPath: JSONPath) -> [String] {
    guard let key = codingPath.last, case .key(let jsonKey) = jsonPath.steps.last else {
      return []
    }
    return keyNote(
      property: propertyName(codingPath) ?? KeyNaming.caseName(of: key), jsonKey: jsonKey)
  }

  /// `JSON key: 'loan_amount' (the property is 'amount')`, or nothing when they agree.
  func keyNote(property: String, jsonKey: String) -> [String] {
    guard property != jsonKey else { return [] }
    let converted =
      options.keyStrategy == .convertFromSnakeCase ? ", via .convertFromSnakeCase" : ""
    return ["JSON key: '\(jsonKey)' (the property is '\(property)'\(converted))"]
  }

  /// The Swift property a coding path ends at, when it ends at a key: for a lab model,
  /// the field's name (its JSON key may differ: `amount` ← `loan_amount`), written as
  /// Swift needs it; for a Swift type, its CodingKeys case.
  func propertyName(_ codingPath: [any CodingKey]) -> String? {
    guard let key = codingPath.last, !JSONPath.isIndex(key) else { return nil }
    // A path that stops inside a field's key path (at `location` of `location.country`)
    // names no field: the key is the best name there is.
    if let field = labField(at: codingPath) { return SwiftIdentifier.escaped(field.name) }
    return KeyNaming.caseName(of: key)
  }

  /// The library, when the model decoded is a lab model (not a Swift type).
  var labLibrary: ModelLibrary? {
    library.flatMap { $0.rootType(modelName) != nil ? $0 : nil }
  }

  /// The lab model's field a coding path ends at; nil for a Swift type, or for a path
  /// that ends at no field (at `location` of `country: String = location.country`).
  func labField(at codingPath: [any CodingKey]) -> ModelField? {
    labLibrary?.field(at: codingPath, root: modelName)
  }

  /// A type as the JSON it needs: `Int`, `[Tag]`, or `an object` / `an array` for the
  /// containers Foundation names in its errors.
  static func expectedName(_ type: Any.Type) -> String {
    let name = TraceText.typeName(type)
    if name.hasPrefix("[String: Any]") || name.hasPrefix("KeyedDecodingContainer") {
      return "an object"
    }
    if name == "[Any]" || name.hasPrefix("UnkeyedDecodingContainer") { return "an array" }
    return name
  }
}
