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

  /// Distinct values, most frequent first.
  public private(set) var entries: [Entry] = []

  /// Creates an empty vocabulary.
  public init() {}

  /// Builds the vocabulary of `records` from their suggestion fields.
  public init<Record: CollectionRecord>(_ records: [Record]) {
    var byFolded: [String: Entry] = [:]
    let fields = Record.suggestionFields
    for record in records {
      for (rank, field) in fields.enumerated() {
        guard let text = record.text(of: field), !text.isEmpty else { continue }
        let folded = text.folded
        if byFolded[folded] != nil {
          byFolded[folded]?.count += 1
        } else {
          byFolded[folded] = Entry(
            text: text, folded: folded, field: field, fieldRank: rank, count: 1)
        }
      }
    }
    entries = byFolded.values.sorted(by: Self.ranking)
  }

  /// Values that start with `prefix`, folded, best first; then values with a later
  /// word that starts with it (`dambae` finds "Kampong Cham province, Dambae district").
  public func matches(prefix: String, in fields: Set<Field>? = nil) -> [Entry] {
    let foldedPrefix = prefix.folded
    var leading: [Entry] = []
    var inner: [Entry] = []
    for entry in entries where fields?.contains(entry.field) ?? true {
      if entry.folded.hasPrefix(foldedPrefix) {
        leading.append(entry)
      } else if Self.hasInnerWord(startingWith: foldedPrefix, in: entry.folded) {
        inner.append(entry)
      }
    }
    return leading + inner
  }

  /// The most frequent values of the given fields.
  public func popular(in fields: Set<Field>, limit: Int) -> [Entry] {
    Array(entries.lazy.filter { fields.contains($0.field) }.prefix(limit))
  }

  private static func hasInnerWord(startingWith prefix: String, in text: String) -> Bool {
    guard !prefix.isEmpty else { return false }
    var previous: Character = " "
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if !previous.isLetter && !previous.isNumber && index != text.startIndex
        && text[index...].hasPrefix(prefix)
      {
        return true
      }
      previous = character
      index = text.index(after: index)
    }
    return false
  }

  private static func ranking(_ lhs: Entry, _ rhs: Entry) -> Bool {
    if lhs.count != rhs.count { return lhs.count > rhs.count }
    if lhs.fieldRank != rhs.fieldRank { return lhs.fieldRank < rhs.fieldRank }
    return lhs.folded < rhs.folded
  }
}
