/// A category named at the prompt: by row number of the last list of categories, or by name.
public struct CategoryReference: Equatable, Sendable {
  /// What was typed.
  public var token: Token

  init(_ token: Token?, command: String, example: String, after word: Token) throws(ShellError) {
    guard let token else {
      throw ShellError(
        .missingArgument(command: command, what: "a row number or a name", example: example),
        at: word)
    }
    self.token = token
  }

  /// The category meant, from `categories` as they are now, and whether it was named by
  /// its row.
  func resolve(in categories: RecordCollection<Category>) throws(ShellError) -> (
    category: Category, byRow: Bool
  ) {
    // Names are stored trimmed ('category add' trims them): compare the same way.
    // The name as typed first, then ignoring case, then folded: two names that fold
    // alike (`Kid's`, `Kids`, saved before apostrophes folded away) are told apart.
    let typed = token.text.trimmingCharacters(in: .whitespaces)
    let folded = typed.folded
    let named =
      categories.records.first { $0.name == typed }
      ?? categories.records.first { $0.name.lowercased() == typed.lowercased() }
      ?? categories.records.first { $0.name.folded == folded }
    if let number = Int(token.text), !token.isQuoted {
      // A row of the last list first; else a category with that name ('2020'). Quoted
      // ("2020"), it is the name.
      do {
        return (try categories.record(at: RowReference(number: number, token: token)), true)
      } catch {
        if let named { return (named, false) }
        throw error
      }
    }
    if let named { return (named, false) }
    let names = categories.records.map(\.name)
    throw ShellError(
      .unknownCategory(token.text, suggestion: EditDistance.closest(to: token.text, among: names)),
      at: token)
  }
}
