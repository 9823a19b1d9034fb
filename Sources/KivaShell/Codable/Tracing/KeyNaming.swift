import Foundation

/// The two names of a coding key, as the lab shows them: the Swift case (`.amount`) and
/// the JSON key it reads (`"loan_amount"`), under either key strategy.
enum KeyNaming {
  /// The Swift name of `key`: the enum case (`amount`) for enum keys, else its string value.
  ///
  /// `String(describing:)` cannot give the case name: `CodingKey` supplies a `description`
  /// (`CodingKeys(stringValue: "loan_amount", intValue: nil)`), so the name comes from the
  /// runtime's enum metadata, the way `print` finds it for enums without a description.
  static func caseName(of key: some CodingKey) -> String {
    guard Mirror(reflecting: key).displayStyle == .enum, let name = enumCaseName(key) else {
      return key.stringValue
    }
    return String(cString: name)
  }

  /// The JSON key `key` reads: its string value, or with `.convertFromSnakeCase` the
  /// snake_case key that Foundation converts to it (`postedDate` ← `posted_date`).
  static func jsonKey(of key: any CodingKey, options: DecodingOptions) -> String {
    switch options.keyStrategy {
    case .useDefaultKeys: key.stringValue
    case .convertFromSnakeCase: snakeCase(key.stringValue)
    }
  }

  /// `postedDate` → `posted_date`, `partnerID` → `partner_id`, `URLString` → `url_string`:
  /// a word starts at a capital after a lower-case letter or digit, and at the last capital
  /// of a run followed by a lower-case letter.
  static func snakeCase(_ name: String) -> String {
    let characters = Array(name)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase, index > 0 {
        let previous = characters[index - 1]
        let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          result += "_"
        }
      }
      result += character.lowercased()
    }
    return result
  }

  /// Foundation's `.convertFromSnakeCase` of one JSON key: `loan_amount` → `loanAmount`;
  /// leading and trailing underscores are kept, a key without inner underscores is unchanged.
  static func camelCase(fromSnakeCase key: String) -> String {
    guard let first = key.firstIndex(where: { $0 != "_" }),
      let last = key.lastIndex(where: { $0 != "_" })
    else { return key }
    let words = key[first...last].split(separator: "_")
    guard words.count > 1 else { return key }
    let joined = ([words[0].lowercased()] + words.dropFirst().map(\.capitalized)).joined()
    return String(key[..<first]) + joined + String(key[key.index(after: last)...])
  }

  /// The JSON key in `object` that decodes as `key`, with either strategy: the key itself,
  /// or with `.convertFromSnakeCase` the key whose conversion is `key.stringValue`.
  static func jsonKey(
    of key: any CodingKey, in object: [String: Any], options: DecodingOptions
  ) -> String? {
    switch options.keyStrategy {
    case .useDefaultKeys:
      return object[key.stringValue] == nil ? nil : key.stringValue
    case .convertFromSnakeCase:
      return object.keys.sorted().first { camelCase(fromSnakeCase: $0) == key.stringValue }
    }
  }
}

/// The Swift runtime's name for an enum value's case (what `print` shows for a plain enum),
/// or nil for a value that is not an enum. Declared here because the standard library keeps
/// its own wrapper internal; the runtime entry point is stable ABI.
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
