/// The searches made in this session, most recent first, without repeats.
public struct RecentSearches: Equatable, Sendable {
  /// How many are kept.
  public static let capacity = 20
  /// The longest search kept, in characters: a longer one was pasted, not typed, and
  /// would fill the screen as a suggestion.
  public static let longestKept = 100

  /// The searches, most recent first.
  public private(set) var items: [String] = []

  /// Creates a list, most recent first.
  public init(_ items: [String] = []) {
    // Saved searches that fold alike (folding changed since some were saved) are one.
    var seen: Set<String> = []
    self.items = Array(items.filter { seen.insert($0.folded).inserted }.prefix(Self.capacity))
  }

  /// Puts `text` first, dropping an earlier search that folds to the same text.
  public mutating func record(_ text: String) {
    let folded = text.folded
    items.removeAll { $0.folded == folded }
    items.insert(text, at: 0)
    if items.count > Self.capacity { items.removeLast(items.count - Self.capacity) }
  }

  /// The searches that start with `prefix`, folded, most recent first.
  public func matching(prefix: String) -> [String] {
    let folded = prefix.folded
    return items.filter { $0.folded.hasPrefix(folded) }
  }
}
