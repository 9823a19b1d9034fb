/// The key queries a decoder has prepared, by the `String` they were made from: a model
/// asks for the same few keys (its `CodingKeys`' string values) for every object, and
/// preparing a query (reading the name, checking its bytes, hashing it) cost as much as
/// the lookup it serves.
///
/// An entry is found by the key string's two words, compared whole: equal words are the
/// same small string or the same storage, which the entry keeps alive (so its address
/// cannot be reused by another string meanwhile). A string spelled the same but stored
/// elsewhere only misses, and makes its own entry. Each entry also holds where its key
/// was last found in an object (see `FastJSONValueDecoder.member(of:named:keyStrings:)`).
///
/// The words pick one of 64 sets of four entries: a model's few dozen keys then rarely
/// crowd one set, where one entry per slot had some keys evict each other every object.
///
/// One per decoder tree, used by one thread at a time, as the rest of `FastJSONScratch`.
final class FastJSONKeyQueryCache {
  /// One prepared key.
  struct Entry {
    /// The key string's two words; zero in an empty entry, which no string has.
    var words: (UInt64, UInt64) = (0, 0)
    /// The key string, held so that its storage stays where `words` points.
    var name: String?
    /// A copy of its bytes, which `query.name` points to.
    var bytes: UnsafeMutableBufferPointer<UInt8>?
    var query: FastJSONKeyQuery?
    /// The member index the key was last found at.
    var prediction: UInt32 = 0
  }

  static let sets = 64
  static let ways = 4
  static let capacity = sets * ways
  let entries: UnsafeMutablePointer<Entry>
  /// For each set, the way its next new entry takes.
  private let nextWay: UnsafeMutablePointer<UInt8>

  init() {
    entries = .allocate(capacity: Self.capacity)
    entries.initialize(repeating: Entry(), count: Self.capacity)
    nextWay = .allocate(capacity: Self.sets)
    nextWay.initialize(repeating: 0, count: Self.sets)
  }

  deinit {
    for index in 0..<Self.capacity { entries[index].bytes?.deallocate() }
    entries.deinitialize(count: Self.capacity)
    entries.deallocate()
    nextWay.deallocate()
  }

  /// The two words of `name`.
  @inline(__always)
  static func words(of name: String) -> (UInt64, UInt64) {
    unsafeBitCast(name, to: (UInt64, UInt64).self)
  }

  /// The first entry of the set `words` go in.
  @inline(__always)
  func set(for words: (UInt64, UInt64)) -> Int {
    let mixed = (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xD6E8_FEB8_6659_FD93
    return Int(truncatingIfNeeded: mixed >> 58) &* Self.ways
  }

  /// The entry holding `words`, in the set that starts at `set`, or nil.
  @inline(__always)
  func entry(for words: (UInt64, UInt64), in set: Int) -> UnsafeMutablePointer<Entry>? {
    for way in 0..<Self.ways where entries[set &+ way].words == words {
      return entries + (set &+ way)
    }
    return nil
  }

  /// The entry a new key of the set that starts at `set` takes: each in turn.
  func entryToFill(in set: Int) -> UnsafeMutablePointer<Entry> {
    let index = set / Self.ways
    let way = Int(nextWay[index])
    nextWay[index] = UInt8(truncatingIfNeeded: (way + 1) % Self.ways)
    return entries + (set + way)
  }

  /// Prepares `name`'s query in `entry` (whose words are `words`), replacing what it
  /// held; nil, with the entry emptied, when the name is not ASCII (the lookup then
  /// compares `String`s).
  func fill(
    _ entry: UnsafeMutablePointer<Entry>, with name: String, words: (UInt64, UInt64)
  ) -> FastJSONKeyQuery? {
    Self.fill(&entry.pointee, with: name, words: words)
  }

  /// `fill(_:with:words:)` for an entry of any table.
  static func fill(_ entry: inout Entry, with name: String, words: (UInt64, UInt64))
    -> FastJSONKeyQuery?
  {
    entry.bytes?.deallocate()
    entry = Entry()
    let utf8 = name.utf8
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: utf8.count)
    _ = bytes.initialize(from: utf8)
    guard let query = FastJSONKeyQuery(UnsafeBufferPointer(bytes)) else {
      bytes.deallocate()
      return nil
    }
    entry = Entry(words: words, name: name, bytes: bytes, query: query, prediction: 0)
    return query
  }
}
