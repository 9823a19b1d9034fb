import Foundation

/// Decides what TAB does: completes command words, sub-commands, values from the
/// data, search suggestions, row numbers and file names, depending on where the
/// cursor stands.
public enum Completer {
  /// The edit TAB makes for `request` in `session`.
  public static func edit(for request: CompletionRequest, in session: Session) -> CompletionEdit {
    // Inside a block's JSON or fields, no command word or value makes sense.
    guard !request.continuesBlock else { return .none }
    let partial = Tokenizer.partial(request.textBeforeCursor)
    // In a comment, TAB has nothing to complete (and must not take the comment for a value
    // that runs to the end of the line).
    guard !partial.endsInComment else { return .none }
    let target = CompletionTarget(partial: partial, current: session.current)
    // On an empty line the first TAB lists the commands, as the banner invites: there is
    // no word to extend, so a beep would only leave a newcomer guessing.
    let lists = request.isRepeated || request.textBeforeCursor.allSatisfy(\.isWhitespace)
    let candidates = target.candidates(in: session, forListing: lists)
    var edit = edit(
      replacing: target.typed, typedLength: target.typedLength, with: candidates,
      valueIsRestOfLine: target.isRestOfLine, isRepeated: lists)
    if target.completesFiles { edit.listing = edit.listing.map(FileNameCompletion.listed) }
    // Precomposed: libedit drops a combining accent ("Mare\u{300}me" went in as "Mareme").
    edit.insert = edit.insert.precomposedStringWithCanonicalMapping
    return edit
  }

  /// Turns candidates for the typed text into an edit: one candidate is inserted
  /// whole; several extend the text to what they share, or are listed on a second TAB.
  static func edit(
    replacing typed: String, typedLength: Int, with candidates: [String],
    valueIsRestOfLine: Bool, isRepeated: Bool
  ) -> CompletionEdit {
    guard let first = candidates.first else { return .none }
    // A value that runs to the end of the line keeps its spaces; in one word they would
    // split it, so they are escaped.
    let escapesSpaces = !valueIsRestOfLine
    if candidates.count == 1 {
      let separator = first.hasSuffix("/") ? "" : " "
      return CompletionEdit(
        deleteBackward: typedLength, insert: escape(first, spaces: escapesSpaces) + separator)
    }
    let shared = sharedPrefix(of: candidates)
    if shared.folded.count > typed.folded.count {
      return CompletionEdit(
        deleteBackward: typedLength, insert: escape(shared, spaces: escapesSpaces))
    }
    return isRepeated ? CompletionEdit(deleteBackward: 0, insert: "", listing: candidates) : .none
  }

  /// The longest start every candidate shares, compared folded, spelt as the first one.
  static func sharedPrefix(of candidates: [String]) -> String {
    guard let first = candidates.first else { return "" }
    var prefix = Array(first)
    var prefixText = first
    for candidate in candidates.dropFirst() {
      guard !prefix.isEmpty else { break }
      // Most candidates share the prefix exactly (row numbers, one value's variants).
      if candidate.hasPrefix(prefixText) { continue }
      let characters = Array(candidate)
      var length = 0
      while length < min(prefix.count, characters.count)
        && String(prefix[length]).folded == String(characters[length]).folded
      {
        length += 1
      }
      prefix = Array(prefix.prefix(length))
      prefixText = String(prefix)
    }
    return prefixText
  }

  /// Backslashes before the characters the tokenizer would read specially (`{` and `[`
  /// open a block), and before spaces and tabs when `spaces` (the text is to stay one
  /// word). An apostrophe between two letters is left alone (`Pheap's`), as the
  /// tokenizer reads it as itself there.
  static func escape(_ text: String, spaces: Bool = false) -> String {
    var escaped = ""
    let characters = Array(text)
    for (index, character) in characters.enumerated() {
      let betweenLetters =
        character == "'" && index > 0 && index + 1 < characters.count
        && characters[index - 1].isLetter && characters[index + 1].isLetter
      if ("'\"\\;#{[".contains(character) && !betweenLetters)
        || (spaces && (character == " " || character == "\t"))
      {
        escaped.append("\\")
      }
      escaped.append(character)
    }
    return escaped
  }
}
