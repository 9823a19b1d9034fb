/// One collection in memory — loans, landmarks, restaurants or categories — and what
/// narrows it: filters, search, order, favourites, and the rows as last listed.
///
/// A value type: a command works on a copy and the shell keeps it only when the
/// command succeeds, so a failed command changes nothing.
public struct RecordCollection<Record: CollectionRecord>: Sendable {
  /// Every record loaded, in the data's order.
  public private(set) var records: [Record] = []
  /// Where the records came from, for messages: `the built-in snapshot (2012-06-12)`.
  public private(set) var sourceName = "nothing yet"
  /// The paging object of the response the records came from, if any.
  public private(set) var paging: Paging?
  /// Distinct values of the data, for suggestions and completion.
  public private(set) var vocabulary = Vocabulary()
  /// Distinct values of each filter field, most records first.
  public private(set) var filterValues: [RecordField: [String]] = [:]
  /// Folded search fields of each record, prepared once at load.
  private var searchKeys: [String] = []
  private var indexByID: [String: Int] = [:]

  /// The active filters.
  public var filters = RecordFilters()
  /// The active search text ("" for none).
  public var searchText = ""
  /// The active order (nil: the data's order).
  public var sort: RecordSort?
  /// Favourite states the user set, by record id; the data's own state applies to the rest.
  public var favoriteOverrides: [String: Bool] = [:]
  /// The ids of the records as last listed: row N of `show N` is element N-1.
  public var lastListedIDs: [String]?
  /// The searches made in this collection, most recent first.
  public var recentSearches = RecentSearches()

  /// Creates an empty collection.
  public init() {}

  /// Replaces the records.
  public mutating func load(_ records: [Record], from sourceName: String, paging: Paging? = nil) {
    self.records = records
    self.paging = paging
    self.sourceName = sourceName
    vocabulary = Vocabulary(records)
    searchKeys = records.map { record in
      Record.searchFields.compactMap { record.text(of: $0) }.joined(separator: "\n").folded
    }
    indexByID = Dictionary(
      records.enumerated().map { ($1.recordID, $0) }, uniquingKeysWith: { first, _ in first })
    filterValues = Dictionary(
      uniqueKeysWithValues: Record.filterFields.map { field in
        (field, Self.distinct(records.compactMap { $0.text(of: field) }))
      })
    lastListedIDs = nil
  }

  /// Replaces the records with a fresh copy of the same data (categories after a
  /// change), keeping the filters, search, order and last list.
  public mutating func replaceRecords(with records: [Record]) {
    let lastListed = lastListedIDs
    load(records, from: sourceName, paging: paging)
    lastListedIDs = lastListed
  }

  /// Whether the record is a favourite: the user's choice, else the data's.
  public func isFavorite(_ record: Record) -> Bool {
    favoriteOverrides[record.recordID] ?? record.isFavoriteByDefault
  }

  /// The favourite records, in the data's order.
  public var favorites: [Record] {
    records.filter(isFavorite)
  }

  /// The records that pass the filters and the search, in the active order.
  public func view() -> [Record] {
    let words = searchText.folded.split(whereSeparator: \.isWhitespace)
    var result: [Record] = []
    for (index, record) in records.enumerated()
    where filters.admits(record, isFavorite: isFavorite(record))
      && (words.isEmpty || searchKeys[index].matchesAllWords(ofFolded: words))
    {
      result.append(record)
    }
    if let sort {
      // Sort positions too so that ties keep the data's order (a stable sort).
      result = result.enumerated().sorted { lhs, rhs in
        sort.orders(lhs.element, before: rhs.element) ?? (lhs.offset < rhs.offset)
      }.map(\.element)
    }
    return result
  }

  /// The record with this id, if loaded.
  public func record(withID id: String) -> Record? {
    indexByID[id].map { records[$0] }
  }

  /// The record at a row of the last list; before any list, of the current view.
  public func record(at row: RowReference) throws(ShellError) -> Record {
    let ids = lastListedIDs ?? view().map(\.recordID)
    let index = row.number - 1
    guard ids.indices.contains(index), let record = record(withID: ids[index]) else {
      throw ShellError(
        .noSuchRow(row.number, rowCount: ids.count, listed: lastListedIDs != nil), at: row.token)
    }
    return record
  }

  /// Suggestions for `prefix`: recent searches, then the starters, then data values.
  public func suggestions(prefix: String, limit: Int = 8) -> Suggestions {
    let starters: [String]
    if Record.starters.isEmpty {
      let fields = Set(Record.suggestionFields.prefix(2))
      // Ask for more than the limit: recent searches may take some of them.
      starters = vocabulary.popular(in: fields, limit: limit + recentSearches.items.count)
        .map(\.text)
    } else {
      starters = Record.starters
    }
    return Suggestions(
      prefix: prefix, searches: recentSearches, starters: starters, vocabulary: vocabulary,
      limit: limit)
  }

  private static func distinct(_ values: [String]) -> [String] {
    var counts: [String: Int] = [:]
    for value in values { counts[value, default: 0] += 1 }
    return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
  }
}
