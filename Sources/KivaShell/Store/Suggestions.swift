/// Search suggestions, as the restaurant tutorial's search bar offers them: earlier
/// searches first, then starters ("Cafe", "Thai"), then values from the data, most
/// frequent first.
public struct Suggestions: Equatable, Sendable {
  /// Earlier searches that match, most recent first.
  public var recent: [String]
  /// Starters and values from the data that match.
  public var popular: [String]

  /// Every suggestion in order, without repeats.
  public var all: [String] { recent + popular }

  /// Suggestions for `prefix` ("" before anything is typed).
  ///
  /// With no prefix: recent searches and the starters. With a prefix: the recent
  /// searches, starters and data values that start with it (or have a word that does).
  public init(
    prefix: String, searches: RecentSearches, starters: [String], vocabulary: Vocabulary,
    limit: Int = 8
  ) {
    recent = Array(searches.matching(prefix: prefix).prefix(limit))
    var taken = Set(recent.map(\.folded))
    var popular: [String] = []
    let foldedPrefix = prefix.folded
    let candidates =
      prefix.isEmpty
      ? starters
      : starters.filter { $0.folded.hasPrefix(foldedPrefix) }
        + vocabulary.matches(prefix: prefix).map(\.text)
    for candidate in candidates where popular.count < limit {
      if taken.insert(candidate.folded).inserted { popular.append(candidate) }
    }
    self.popular = popular
  }
}
