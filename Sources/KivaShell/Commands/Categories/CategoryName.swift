import Foundation

/// The rules for category names and icons, checked before anything is saved.
enum CategoryName {
  /// The longest name, in characters: a category is a word or a few on a screen (a
  /// longer one was pasted by mistake, and would fill every list it is in).
  static let longest = 60

  /// A trimmed, non-empty name without control characters, of at most `longest`
  /// characters.
  static func validate(
    _ token: Token?, command: String, example: String, after word: Token
  ) throws(ShellError) -> String {
    guard let token else {
      throw ShellError(
        .missingArgument(command: command, what: "a name", example: example), at: word)
    }
    let name = token.text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else {
      throw ShellError(.emptyCategoryName(example: example), at: token)
    }
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      throw ShellError(.controlCharactersInName(token.text), at: token)
    }
    guard name.count <= longest else {
      throw ShellError(.categoryNameTooLong(name, limit: longest), at: token)
    }
    return name
  }

  /// An SF Symbol name: lowercase letters and digits, in words joined by dots.
  static func validateIcon(_ token: Token) throws(ShellError) -> String {
    let words = token.text.split(separator: ".", omittingEmptySubsequences: false)
    let isSymbolName = words.allSatisfy { word in
      !word.isEmpty
        && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
    }
    guard isSymbolName else {
      throw ShellError(.notAnIconName(token.text), at: token)
    }
    return token.text
  }
}
