/// The values of the loaded data that search suggestions and TAB completion offer
/// (for loans: countries, sectors, activities, names, towns), with how often each occurs.
public struct Vocabulary: Sendable {
  public typealias Field = RecordField

  /// One distinct value of the data.
  public struct Entry: Equatable, Sendable {
    /// The value as written in the data: `Marème`.
    public var text: String
    /// The value folded: `mareme`.
    public var folded: String
    /// The field it was first seen in.
    public var field: Field
    /// That field's place in the record type's suggestion fields (lower ranks first on ties).
    var fieldRank: Int
    /// How many records carry it.
    public var count: Int
  }

  /// Distinct values, most frequent first: an entry's position is its rank.
  public private(set) var entries: [Entry] = []
  /// Entry positions ordered by folded text (bytewise), for prefix lookup.
  private var byFolded: [Int32] = []
  /// The second and later words of every entry, folded, with their entry, ordered by word.
  private var innerWords: [(word: Substring, entry: Int32)] = []

  /// Creates an empty vocabulary.
  public init() {}

  /// Builds the vocabulary of `records` from their suggestion fields. Each distinct value
  /// is folded once, however many records carry it.
  public init<Records: Collection>(_ records: Records)
  where Records.Element: CollectionRecord {
    // By the bytes as written (most lookups, cheaply), then by the folded text.
    var byText = UTF8Table<Int>()
    var byFoldedText: [String: Int] = [:]
    var found: [Entry] = []
    let fields = Records.Element.suggestionFields
    for index in records.indices {
      for (rank, field) in fields.enumerated() {
        guard let text = records[index].text(of: field), !text.isEmpty else { continue }
        if let index = byText.value(for: text) {
          found[index].count += 1
          continue
        }
        let folded = text.folded
        if let index = byFoldedText[folded] {
          found[index].count += 1
          byText.set(index, for: text)
        } else {
          byText.set(found.count, for: text)
          byFoldedText[folded] = found.count
          found.append(Entry(text: text, folded: folded, field: field, fieldRank: rank, count: 1))
        }
      }
    }
    entries = found.sorted(by: Self.ranking)
    byFolded = entries.indices.map(Int32.init).sorted { lhs, rhs in
      entries[Int(lhs)].folded.utf8.lexicographicallyPrecedes(entries[Int(rhs)].folded.utf8)
    }
    var words: [(word: Substring, entry: Int32)] = []
    for (index, entry) in entries.enumerated() {
      for word in Self.words(of: entry.folded).dropFirst() {
        words.append((word, Int32(index)))
      }
    }
    innerWords = words.sorted { $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }
  }

  /// Values that start with `prefix`, folded, best first; then values with a later
  /// word that starts with it (`dambae` finds "Kampong Cham province, Dambae district").
  /// Both are found by binary search, so this stays quick over a million records.
  public func matches(prefix: String, in fields: Set<Field>? = nil) -> [Entry] {
    let folded = prefix.folded
    guard !folded.isEmpty else {
      return entries.filter { fields?.contains($0.field) ?? true }
    }
    let key = Array(folded.utf8)
    var leading: [Int32] = []
    var index = Self.lowerBound(key, count: byFolded.count) {
      entries[Int(byFolded[$0])].folded.utf8
    }
    while index < byFolded.count, entries[Int(byFolded[index])].folded.utf8.starts(with: key) {
      leading.append(byFolded[index])
      index += 1
    }
    let leadingSet = Set(leading)
    var inner: Set<Int32> = []
    index = Self.lowerBound(key, count: innerWords.count) { innerWords[$0].word.utf8 }
    while index < innerWords.count, innerWords[index].word.utf8.starts(with: key) {
      let entry = innerWords[index].entry
      if !leadingSet.contains(entry) { inner.insert(entry) }
      index += 1
    }
    // Positions are ranks: sorting them puts the best first.
    return (leading.sorted() + inner.sorted()).map { entries[Int($0)] }
      .filter { fields?.contains($0.field) ?? true }
  }

  /// The first position whose key is not below `key`, over `count` sorted keys.
  private static func lowerBound<Bytes: Collection<UInt8>>(
    _ key: [UInt8], count: Int, keyAt: (Int) -> Bytes
  ) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if keyAt(middle).lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The words of a folded value: runs of letters and digits.
  private static func words(of text: String) -> [Substring] {
    text.split { !$0.isLetter && !$0.isNumber }
  }

  /// The most frequent values of the given fields.
  public func popular(in fields: Set<Field>, limit: Int) -> [Entry] {
    Array(entries.lazy.filter { fields.contains($0.field) }.prefix(limit))
  }

  private static func ranking(_ lhs: Entry, _ rhs: Entry) -> Bool {
    if lhs.count != rhs.count { return lhs.count > rhs.count }
    if lhs.fieldRank != rhs.fieldRank { return lhs.fieldRank < rhs.fieldRank }
    return lhs.folded < rhs.folded
  }
}
