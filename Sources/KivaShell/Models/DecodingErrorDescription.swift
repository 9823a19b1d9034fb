import Foundation

/// A `DecodingError` in one short line that names the JSON path and the JSON-side key:
/// `loans[3]: 'loan_amount' is missing`.
struct DecodingErrorDescription {
  let text: String

  /// `choices` gives the strings a field takes, by its JSON key, when it takes only some
  /// (an enum's raw values): a string that is none of them is then said in these words,
  /// `[3].category: expected Lakes, Rivers or Mountains, found "Deserts"`, not in
  /// Foundation's ("Cannot initialize Category from invalid String value Deserts").
  init(_ error: DecodingError, choices: (String) -> [String]? = { _ in nil }) {
    switch error {
    case .keyNotFound(let key, let context):
      text = "\(Self.prefix(context.codingPath))'\(key.stringValue)' is missing"
    case .valueNotFound(let type, let context):
      text = "\(Self.prefix(context.codingPath))expected \(Self.describe(type)), found null"
    case .typeMismatch(let type, let context):
      let found = Self.foundPhrase(in: context.debugDescription).map { ", \($0)" } ?? ""
      text = "\(Self.prefix(context.codingPath))expected \(Self.describe(type))\(found)"
    case .dataCorrupted(let context):
      if let key = context.codingPath.last, key.intValue == nil,
        let values = choices(key.stringValue), !values.isEmpty,
        let found = Self.invalidRawValue(in: context.debugDescription)
      {
        text =
          "\(Self.prefix(context.codingPath))expected \(Self.orList(values)), "
          + "found \(JSONValueText.quoted(found))"
      } else {
        text = "\(Self.prefix(context.codingPath))\(context.debugDescription)"
      }
    @unknown default:
      text = "\(error)"
    }
  }

  /// A coding path as a JSON path: `loans[3].location.country`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result
  }

  private static func prefix(_ codingPath: [any CodingKey]) -> String {
    let path = path(codingPath)
    return path.isEmpty ? "" : "\(path): "
  }

  /// A Swift type as the JSON it wants: containers as "an object" or "an array",
  /// other types by name (`Int`, `String`).
  private static func describe(_ type: Any.Type) -> String {
    let name = "\(type)"
    if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") {
      return "an object"
    }
    if name.hasPrefix("Array") || name.hasPrefix("UnkeyedDecodingContainer") {
      return "an array"
    }
    return name
  }

  /// `Deserts` from "Cannot initialize Category from invalid String value Deserts", what
  /// Swift's `RawRepresentable` decoding says of a string that is no case of the enum.
  private static func invalidRawValue(in description: String) -> String? {
    let pattern = /Cannot initialize \S+ from invalid String value (.*)/.dotMatchesNewlines()
    return description.wholeMatch(of: pattern).map { String($0.1) }
  }

  /// `Lakes`, `Lakes or Rivers`, `Lakes, Rivers or Mountains`.
  private static func orList(_ values: [String]) -> String {
    guard let last = values.last, values.count > 1 else { return values.joined() }
    return values.dropLast().joined(separator: ", ") + " or " + last
  }

  /// "found a string" from Foundation's "Expected to decode Int but found a string instead."
  private static func foundPhrase(in description: String) -> String? {
    guard let start = description.range(of: "found ") else { return nil }
    var phrase = description[start.lowerBound...]
    if let end = phrase.range(of: " instead") { phrase = phrase[..<end.lowerBound] }
    let words = phrase.trimmingCharacters(in: .punctuationCharacters).split(separator: " ")
    guard words.count == 2, let noun = words.last else { return words.joined(separator: " ") }
    // Foundation says "found number" for containers and "found a string" for values.
    let article = noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    return noun == "null" ? "found null" : "found \(article) \(noun)"
  }
}
