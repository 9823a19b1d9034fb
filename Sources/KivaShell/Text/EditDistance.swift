/// Suggestions for misspelt words: "did you mean 'search'?"
enum EditDistance {
  /// The longest word, in UTF-8 bytes, that `closest(to:among:)` looks for a match of.
  static let longestGuessed = 100

  /// The edit distance between two strings, compared by folded characters: insertions,
  /// deletions, substitutions and swaps of neighbours ("lsit" → "list") cost one each.
  static func between(_ a: String, _ b: String) -> Int {
    let source = Array(a.folded)
    let target = Array(b.folded)
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    var table = Array(
      repeating: Array(repeating: 0, count: target.count + 1), count: source.count + 1)
    for i in 0...source.count { table[i][0] = i }
    for j in 0...target.count { table[0][j] = j }
    for i in 1...source.count {
      for j in 1...target.count {
        let cost = source[i - 1] == target[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[source.count][target.count]
  }

  /// The candidate closest to `word`, if it is close enough to be what was meant.
  ///
  /// Close enough means at most about a third of the word's length in edits (at least one),
  /// or a candidate that starts with the word.
  /// Words longer than `longestGuessed` bytes get no suggestion: nobody mistypes a word that
  /// long, and comparing, say, a pasted megabyte with every candidate would take seconds.
  static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
    guard word.utf8.count <= longestGuessed else { return nil }
    let foldedWord = word.folded
    guard !foldedWord.isEmpty else { return nil }
    let limit = max(1, (foldedWord.count + 1) / 3)
    var best: (candidate: String, distance: Int)?
    let length = foldedWord.count
    for candidate in candidates {
      let foldedCandidate = candidate.folded
      let distance: Int
      if foldedCandidate.hasPrefix(foldedWord) {
        distance = foldedCandidate.count == length ? 0 : 1
      } else {
        // The distance is at least the difference in length: a candidate too long or too
        // short is not compared (a value of megabytes in the data would take a table of
        // gigabytes).
        guard abs(foldedCandidate.count - length) <= limit else { continue }
        distance = between(foldedWord, foldedCandidate)
      }
      guard distance <= limit, distance < (best?.distance ?? Int.max) else { continue }
      best = (candidate, distance)
    }
    return best?.candidate
  }
}
