/// Suggestions for misspelt words: "did you mean 'search'?"
enum EditDistance {
  /// The Levenshtein distance between two strings, compared by folded characters.
  static func between(_ a: String, _ b: String) -> Int {
    let source = Array(a.folded)
    let target = Array(b.folded)
    if source.isEmpty { return target.count }
    if target.isEmpty { return source.count }
    var previous = Array(0...target.count)
    var current = [Int](repeating: 0, count: target.count + 1)
    for (i, sourceChar) in source.enumerated() {
      current[0] = i + 1
      for (j, targetChar) in target.enumerated() {
        let substitution = previous[j] + (sourceChar == targetChar ? 0 : 1)
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[target.count]
  }

  /// The candidate closest to `word`, if it is close enough to be what was meant.
  ///
  /// Close enough means at most about a third of the word's length in edits (at least one),
  /// or a candidate that starts with the word.
  static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
    let foldedWord = word.folded
    guard !foldedWord.isEmpty else { return nil }
    let limit = max(1, (foldedWord.count + 1) / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let foldedCandidate = candidate.folded
      var distance = between(foldedWord, foldedCandidate)
      if foldedCandidate.hasPrefix(foldedWord) { distance = min(distance, 1) }
      guard distance <= limit, distance < (best?.distance ?? Int.max) else { continue }
      best = (candidate, distance)
    }
    return best?.candidate
  }
}
