import Foundation

/// The vocabulary of the records that pass the active filters, kept for the filters it
/// was made for: suggestions then offer only values that find something in view, and
/// TAB after TAB with the same filters builds it once.
///
/// Shared by copies of a collection, as its other prepared values are; a collection
/// loaded anew starts an empty one.
final class FilteredVocabulary: @unchecked Sendable {
  /// What a vocabulary was made for: the filters, and the favourites when only
  /// favourites pass.
  struct Key: Equatable {
    var filters: RecordFilters
    var favorites: [String: Bool]
  }

  private let lock = NSLock()
  private var kept: (key: Key, vocabulary: Vocabulary)?

  /// The vocabulary for `key`: the one kept, when made for it; else one `make` builds,
  /// which is kept in its place.
  func vocabulary(for key: Key, make: () -> Vocabulary) -> Vocabulary {
    if let kept = lock.withLock({ kept }), kept.key == key { return kept.vocabulary }
    let vocabulary = make()
    lock.withLock { kept = (key, vocabulary) }
    return vocabulary
  }
}
