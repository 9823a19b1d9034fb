/// Search suggestions, as the restaurant tutorial's search bar offers them: earlier
/// searches first, then values from the data, most frequent first.
public struct Suggestions: Equatable, Sendable {
  /// Earlier searches that match, most recent first.
  public var recent: [String]
  /// Values from the data that match (with no prefix: the most common countries and sectors).
  public var popular: [String]

  /// Every suggestion in order, without repeats.
  public var all: [String] { recent + popular }

  /// Suggestions for `prefix` ("" for starters) from `searches` and `vocabulary`.
  public init(
    prefix: String, searches: RecentSearches, vocabulary: Vocabulary, limit: Int = 8
  ) {
    recent = Array(searches.matching(prefix: prefix).prefix(limit))
    let taken = Set(recent.map(\.folded))
    let candidates: [Vocabulary.Entry]
    if prefix.isEmpty {
      candidates = vocabulary.popular(in: [.country, .sector], limit: limit + taken.count)
    } else {
      candidates = vocabulary.matches(prefix: prefix)
    }
    popular = Array(candidates.lazy.filter { !taken.contains($0.folded) }.map(\.text).prefix(limit))
  }
}
