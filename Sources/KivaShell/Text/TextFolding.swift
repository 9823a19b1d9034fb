import Foundation

extension String {
  /// This text with case and diacritics folded away, for matching what people type:
  /// "Marème" folds to "mareme", "THAI" to "thai".
  public var folded: String {
    folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// Whether this text, folded, contains every whitespace-separated word of `query`, folded.
  func matchesAllWords(ofFolded queryWords: [Substring]) -> Bool {
    queryWords.allSatisfy { contains($0) }
  }
}
