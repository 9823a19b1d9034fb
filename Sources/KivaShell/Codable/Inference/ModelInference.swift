import Foundation

/// Infers models from sample JSON, so that a class can start from real data
/// (`loans/newest.json`) and read the models it needs.
///
/// What it decides:
/// - **Models.** Each object becomes a model named after its key in UpperCamelCase
///   (`location` → `Location`); the objects of an array are merged into one model named
///   in the singular (`loans` → `Loan`, `categories` → `Category`, `addresses` →
///   `Address`; a key with no plural ending gets `Item`: `data` → `DataItem`). A name
///   Swift already uses gets `Value` (`Date` → `DateValue`); a name taken by a different
///   model gets a number (`Image2`), while an object just like a model already made for
///   that name reuses it. The root model is called `rootName`.
/// - **Fields** come in the order their keys were first seen. Property names are the
///   keys in lowerCamelCase (`loan_amount` → `loanAmount`, `country-code` →
///   `countryCode`), with `keyPath` keeping the JSON key; a Swift keyword gets `Value`
///   (`default` → `defaultValue`), which the model language accepts and the generator
///   needs no backticks for.
/// - **Optional.** Over the objects merged, a key missing from some or null in some is
///   optional (`town: String?` when some loans have no town), at every depth.
/// - **Types.** Numbers are `Int` when every sample is whole (written without a fraction
///   or exponent, and fitting an `Int`), else `Double` (`Int` and `Double` mixed widen to
///   `Double`). Strings are `Date` when every sample is an ISO 8601 date and time
///   (`2012-06-12T20:30:03Z`, with or without fractional seconds, `Z` or an offset), as
///   `JSONDecoder`'s `.iso8601` strategy reads them; else `String`. Arrays merge all their
///   elements; null elements make the element optional (`[Int?]`).
/// - **Guesses, with a note.** A key that is always null is `String?`; an array that is
///   always empty is `[String]` (any element type decodes `[]`). A key whose values no one
///   type holds (numbers and strings, objects and arrays) is left out: a model that omits
///   a key still decodes the sample.
/// - **Top-level arrays.** `[{…}, {…}]` infers the element's model, named `rootName`, and
///   notes that the sample decodes as `[rootName]`.
///
/// Inference fails (``InferenceError``) when the sample is not JSON, is not an object or
/// an array of objects, nests deeper than 200 levels, or when `rootName` cannot name a
/// struct.
public enum ModelInference {
  /// The models inferred from `data`, those used first and the root, `rootName`, last.
  public static func infer(from data: Data, rootName: String) throws(InferenceError)
    -> [ModelDefinition]
  {
    try inferReport(from: data, rootName: rootName).models
  }

  /// The models inferred from `data`, with a note for each guess or omission. `data` is
  /// read as the decoders read JSON: past a byte order mark, UTF-16 and UTF-32 converted.
  public static func inferReport(from data: Data, rootName: String) throws(InferenceError)
    -> InferenceReport
  {
    try validate(rootName: rootName)
    let json = try SampleJSON.parse(FastJSONEncoding.utf8Bytes(data))
    let dates = SampleDateRecognizer()
    var builder = InferredModelBuilder()
    var arrayHoldsNull: Bool?
    switch json {
    case .object(let members):
      var shape = SampleObject()
      shape.add(members, dates: dates)
      builder.buildRoot(shape, name: rootName, path: "")
    case .array(let elements):
      var slot = SampleSlot()
      for element in elements { slot.add(element, dates: dates) }
      guard case .object(let shape) = slot.shape else {
        throw InferenceError(message: describeArray(of: slot.shape))
      }
      builder.buildRoot(shape, name: rootName, path: "[]")
      arrayHoldsNull = slot.hasNull
    default:
      throw InferenceError(
        message: "the sample is \(describe(json)), not an object or an array of objects")
    }
    return InferenceReport(
      models: builder.models, notes: builder.notes, arrayHoldsNull: arrayHoldsNull)
  }

  private static func validate(rootName: String) throws(InferenceError) {
    guard SwiftIdentifier.isIdentifier(rootName) else {
      throw InferenceError(message: "'\(rootName)' cannot name a model: use letters and digits.")
    }
    guard !SwiftIdentifier.isKeyword(rootName),
      !InferenceNaming.reservedTypeNames.contains(rootName)
    else {
      throw InferenceError(message: "'\(rootName)' is a name Swift already uses; choose another.")
    }
  }

  private static func describe(_ json: SampleJSON) -> String {
    switch json {
    case .null: "null"
    case .bool: "true or false"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  private static func describeArray(of shape: SampleShape) -> String {
    if case .nothing = shape {
      return "the sample is an array with no objects in it: there is nothing to infer from"
    }
    let found = shape.kinds.subtracting(["an object"]).sorted().joined(separator: " and ")
    return "the sample is an array holding \(found): inference needs an array of objects"
  }
}
