import Foundation

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
  /// Distinct values of the data, for suggestions and completion (see `BackgroundValue`).
  public var vocabulary: Vocabulary { preparedVocabulary.value }
  private var preparedVocabulary = BackgroundValue(Vocabulary())
  private var filteredVocabulary = FilteredVocabulary()
  /// Distinct values of each filter field, most records first.
  public var filterValues: [RecordField: [String]] { preparedFilterData.value.values }
  /// Folded search fields of all records in one buffer, prepared once at load.
  private var searchIndex: SearchIndex { preparedSearchIndex.value }
  private var preparedSearchIndex = BackgroundValue(SearchIndex(keys: []))
  /// For each filter field, each record's value as a position in `filterValues[field]`
  /// (-1 when it has none): filtering compares integers, not strings.
  private var filterValueIDs: [RecordField: [Int32]] { preparedFilterData.value.ids }
  private var preparedFilterData = BackgroundValue<FilterData>(([:], [:]))
  /// The records the data itself marks favourite.
  private var defaultFavorites: [Int] = []
  private var idIndex = IDIndex<Record>(records: [])
  private var sortOrders = SortOrders<Record>(records: [])

  /// The active filters.
  public var filters = RecordFilters()
  /// The active search text ("" for none).
  public var searchText = ""
  /// The active order (nil: the data's order).
  public var sort: RecordSort?
  /// Favourite states the user set, by record id; the data's own state applies to the rest.
  public var favoriteOverrides: [String: Bool] = [:]
  /// The ids of the records as last listed: row N of `show N` is element N-1. A new load
  /// (`fetch`) keeps them: the rows a person last saw are what their numbers mean, and a
  /// record that is gone is said to be (see `listOutlivedLoad`), never taken for another.
  public var lastListedIDs: [String]? {
    didSet { listOutlivedLoad = false }
  }
  /// Whether the records were loaded anew since the last list.
  public private(set) var listOutlivedLoad = false
  /// The searches made in this collection, most recent first.
  public var recentSearches = RecentSearches()

  /// Creates an empty collection.
  public init() {}

  /// Replaces the records.
  public mutating func load(_ records: [Record], from sourceName: String, paging: Paging? = nil) {
    self.records = records
    self.paging = paging
    self.sourceName = sourceName
    // What search, filters and completion need, built once. With enough records to
    // repay a thread, they are built one after the other on a thread of their own (at a
    // million loans: the filter values 0.05 s, then the search buffer and the
    // vocabulary 0.11 s each), leaving the other core to the commands that follow, and
    // waited for where first needed.
    let queue =
      records.count >= 10_000 ? DispatchQueue(label: "kivash.prepare", qos: .utility) : nil
    preparedFilterData = BackgroundValue(on: queue) { Self.filterData(of: records) }
    preparedSearchIndex = BackgroundValue(on: queue) { Self.searchIndex(of: records) }
    preparedVocabulary = BackgroundValue(on: queue) { Vocabulary(records) }
    filteredVocabulary = FilteredVocabulary()
    defaultFavorites = records.indices.filter { records[$0].isFavoriteByDefault }
    idIndex = IDIndex(records: records)
    sortOrders = SortOrders(records: records)
    if lastListedIDs != nil { listOutlivedLoad = true }
  }

  /// Waits until the vocabulary, the search buffer and the filter values, built in the
  /// background after a load, are ready.
  public func waitUntilPrepared() {
    _ = preparedVocabulary.value
    _ = preparedSearchIndex.value
    _ = preparedFilterData.value
  }

  /// Replaces the records with a fresh copy of the same data (categories after a
  /// change), keeping the filters, search, order and last list.
  public mutating func replaceRecords(with records: [Record]) {
    let lastListed = lastListedIDs
    let outlivedLoad = listOutlivedLoad
    load(records, from: sourceName, paging: paging)
    lastListedIDs = lastListed
    listOutlivedLoad = outlivedLoad
  }

  /// Whether the record is a favourite: the user's choice, else the data's.
  public func isFavorite(_ record: Record) -> Bool {
    favoriteOverrides[record.recordID] ?? record.isFavoriteByDefault
  }

  /// The record as it is printed and exported: its data's favourite mark is the user's
  /// choice (`isFavorite`), not what the file said.
  public func shown(_ record: Record) -> Record {
    record.markedFavorite(isFavorite(record))
  }

  /// The positions of the favourite records, in the data's order.
  private func favoriteIndices() -> [Int] {
    var indices = Set(defaultFavorites)
    for (id, marked) in favoriteOverrides {
      guard let index = idIndex.index(of: id) else { continue }
      if marked { indices.insert(index) } else { indices.remove(index) }
    }
    return indices.sorted()
  }

  /// The favourite records, in the data's order.
  public var favorites: [Record] {
    favoriteIndices().map { records[$0] }
  }

  /// The records that pass the filters and the search, in the active order.
  public func view() -> [Record] {
    viewIndices().map { records[$0] }
  }

  /// How many records pass the filters and the search.
  public var viewCount: Int {
    unorderedViewIndices().count
  }

  /// The positions of the records that pass the filters and the search, in the active
  /// order. Nothing is copied: a search scans one buffer, filters compare integers, and
  /// an order is worked out once for all the records and kept (`SortOrders`).
  public func viewIndices() -> [Int] {
    ordered(unorderedViewIndices())
  }

  /// Positions of records, in the data's order, put in the active order.
  public func ordered(_ indices: [Int]) -> [Int] {
    guard let sort else { return indices }
    return sortOrders.sorted(indices, by: sort)
  }

  /// The positions of the records that pass the filters and the search, in the data's
  /// order: for what the order does not change (`count`, `stats`, `map`).
  public func unorderedViewIndices() -> [Int] {
    let words = searchText.folded.split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
    var indices = words.isEmpty ? Array(records.indices) : searchIndex.records(containing: words)
    if !filters.isEmpty { indices = applyFilters(to: indices) }
    return indices
  }

  private func applyFilters(to indices: [Int]) -> [Int] {
    var wanted: [(ids: [Int32], accepted: [Int32])] = []
    for (field, value) in filters.values {
      // Every spelling that folds alike ('Kenya', 'KENYA', 'Cote d'Ivoire' and 'Côte
      // d’Ivoire'): the filter takes them all, as search does.
      let folded = value.folded
      let values = filterValues[field] ?? []
      let accepted = values.indices.filter { values[$0].folded == folded }.map(Int32.init)
      wanted.append((filterValueIDs[field] ?? [], accepted))
    }
    let favorites = filters.favoritesOnly ? Set(favoriteIndices()) : nil
    return indices.filter { index in
      if let maxAmount = filters.maxAmount, (records[index].amountInDollars ?? 0) >= maxAmount {
        return false
      }
      if let minAmount = filters.minAmount, (records[index].amountInDollars ?? 0) < minAmount {
        return false
      }
      for (ids, accepted) in wanted where !accepted.contains(ids[index]) { return false }
      return favorites?.contains(index) ?? true
    }
  }

  /// The record with this id, if loaded.
  public func record(withID id: String) -> Record? {
    idIndex.index(of: id).map { records[$0] }
  }

  /// The record at a row of the last list; before any list, of the current view.
  public func record(at row: RowReference) throws(ShellError) -> Record {
    let ids = numberedRowIDs
    // Rows start at 1; a number typed below that (a category's, read as any Int) is no
    // row, and must not overflow on the way (Int.min - 1).
    let index = row.number > 0 ? row.number - 1 : -1
    guard ids.indices.contains(index) else {
      throw ShellError(
        .noSuchRow(row.token.text, rowCount: ids.count, listed: lastListedIDs != nil),
        at: row.token)
    }
    guard let record = record(withID: ids[index]) else {
      throw ShellError(
        .rowNoLongerThere(row.number, afterLoad: listOutlivedLoad), at: row.token)
    }
    return record
  }

  /// The ids of the rows that numbers name: as last listed, else as the view is now.
  public var numberedRowIDs: [String] {
    lastListedIDs ?? viewIndices().map { records[$0].recordID }
  }

  /// The rows `other` last listed, when they differ from these (a list it showed).
  mutating func takeRowNumbers(of other: RecordCollection) {
    if lastListedIDs != other.lastListedIDs { lastListedIDs = other.lastListedIDs }
  }

  /// After a change made by row number with nothing listed: keeps `rows` (the view the
  /// number was read in) as the numbering, so that the same command again names the same
  /// row, which is gone, and not the one that moved up into its place.
  public mutating func keepRowNumbers(_ rows: [String]) {
    if lastListedIDs == nil { lastListedIDs = rows }
  }

  /// Suggestions for `prefix`: recent searches, then the starters, then data values.
  ///
  /// The starters are the tutorial's ("Cafe", "Thai"), then the data's most frequent
  /// values; after the tutorial's, only values more than one record shares, so a recent
  /// search does not leave the list thin and one-off values do not crowd it. With
  /// filters active, the data values are those of the records that pass them: a search
  /// runs within the filters, and a value from outside them would find nothing.
  public func suggestions(prefix: String, limit: Int = 8) -> Suggestions {
    let vocabulary = vocabularyInView
    let fields = Set(Record.suggestionFields.prefix(2))
    // Ask for more than the limit: recent searches and the starters may take some of them.
    let popular = vocabulary.popular(
      in: fields, limit: limit + recentSearches.items.count + Record.starters.count)
    let starters =
      Record.starters + popular.filter { Record.starters.isEmpty || $0.count > 1 }.map(\.text)
    return Suggestions(
      prefix: prefix, searches: recentSearches, starters: starters, vocabulary: vocabulary,
      limit: limit)
  }

  /// The vocabulary of the records that pass the filters: the whole data's without any.
  var vocabularyInView: Vocabulary {
    guard !filters.isEmpty else { return vocabulary }
    let key = FilteredVocabulary.Key(
      filters: filters, favorites: filters.favoritesOnly ? favoriteOverrides : [:])
    return filteredVocabulary.vocabulary(for: key) {
      Vocabulary(applyFilters(to: Array(records.indices)).lazy.map { records[$0] })
    }
  }

  /// The folded search text of `records`.
  private static func searchIndex(of records: [Record]) -> SearchIndex {
    SearchIndex(count: records.count) { index, append in
      for field in Record.searchFields {
        if let text = records[index].text(of: field) { append(text) }
      }
    }
  }

  /// Each filter field's distinct values, and each record's value as a position among them.
  typealias FilterData = (values: [RecordField: [String]], ids: [RecordField: [Int32]])

  /// For each filter field but the amount, its distinct values and each record's value
  /// as a position among them.
  private static func filterData(of records: [Record]) -> FilterData {
    var values: [RecordField: [String]] = [:]
    var ids: [RecordField: [Int32]] = [:]
    for field in Record.filterFields where field != .amount {
      (values[field], ids[field]) = distinctValues(of: field, in: records)
    }
    return (values, ids)
  }

  /// The distinct values of `field`, most records first, and each record's value as a
  /// position among them.
  private static func distinctValues(of field: RecordField, in records: [Record])
    -> (values: [String], ids: [Int32])
  {
    // By the bytes as written (most lookups, cheaply), then as `String`s, which merges
    // values written differently but equal in Unicode.
    var seenBytes = UTF8Table<Int32>()
    var firstSeen: [String: Int32] = [:]
    var counts: [Int] = []
    var values: [String] = []
    var ids = [Int32](repeating: -1, count: records.count)
    for index in records.indices {
      guard let value = records[index].text(of: field) else { continue }
      var known = seenBytes.value(for: value)
      if known == nil, let id = firstSeen[value] {
        seenBytes.set(id, for: value)
        known = id
      }
      if let id = known {
        ids[index] = id
        counts[Int(id)] += 1
      } else {
        let id = Int32(values.count)
        firstSeen[value] = id
        seenBytes.set(id, for: value)
        values.append(value)
        counts.append(1)
        ids[index] = id
      }
    }
    // Most records first, then alphabetically; renumber the records' ids to match.
    let order = values.indices.sorted { (counts[$0], values[$1]) > (counts[$1], values[$0]) }
    var renumbered = [Int32](repeating: 0, count: values.count)
    for (position, old) in order.enumerated() { renumbered[old] = Int32(position) }
    return (order.map { values[$0] }, ids.map { $0 < 0 ? -1 : renumbered[Int($0)] })
  }
}

/// Finds a record by its id, the index built on first use (a million ids take a while
/// and most sessions never ask). Shared by copies of a collection: the records it
/// indexes never change; loading new ones makes a new index.
final class IDIndex<Record: CollectionRecord>: @unchecked Sendable {
  private let records: [Record]
  private let lock = NSLock()
  private var positions: [String: Int]?

  init(records: [Record]) {
    self.records = records
  }

  /// The position of the record with `id`.
  func index(of id: String) -> Int? {
    lock.withLock {
      if positions == nil {
        var table: [String: Int] = [:]
        table.reserveCapacity(records.count)
        for (index, record) in records.enumerated() where table[record.recordID] == nil {
          table[record.recordID] = index
        }
        positions = table
      }
      return positions?[id]
    }
  }
}
