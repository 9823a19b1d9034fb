/// The prepared lookups of one container's keys, by the key's byte, when its key type is
/// a plain value of at most one byte: the cases of a `CodingKeys` enum.
///
/// Asking a key for its `stringValue` goes through the protocol's witness to a `switch`
/// over the cases, and finding its prepared query in `FastJSONKeyQueryCache` hashes the
/// string: more than the lookup itself. Such a key is its byte, so a table of 256 slots
/// (one per container place, whose key type never changes) gives the query at once, and
/// `stringValue` is asked only the first time. This takes a key's `stringValue` to follow
/// from its value, as it does for every enum (and as `JSONDecoder`'s dictionary lookups
/// also need it to).
struct FastJSONByteKeys {
  /// One byte value's key: prepared, known not to be plain ASCII, or not seen yet.
  struct Slot {
    var entry = FastJSONKeyQueryCache.Entry()
    var isNotPlain = false
  }

  let slots: UnsafeMutablePointer<Slot>

  init() {
    slots = .allocate(capacity: 256)
    slots.initialize(repeating: Slot(), count: 256)
  }

  /// Frees the table; it must not be used again.
  func free() {
    for index in 0..<256 { slots[index].entry.bytes?.deallocate() }
    slots.deinitialize(count: 256)
    slots.deallocate()
  }

  /// Whether keys of type `Key` can be looked up by their byte.
  @inline(__always)
  static func holds<Key>(_ type: Key.Type) -> Bool {
    _isPOD(Key.self) && MemoryLayout<Key>.size <= 1
  }

  /// The slot of `key`, whose type `holds` accepts: by its byte (0 for a type of no size).
  @inline(__always)
  func slot<Key>(of key: Key) -> UnsafeMutablePointer<Slot> {
    // Sizes checked first: a bit cast between types of different sizes traps.
    slots + (MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self)))
  }
}

extension FastJSONValueDecoder {
  /// As `member(of:named:keyStrings:)` on the fast path, for a key whose slot in a
  /// `FastJSONByteKeys` holds no query yet (the first time it is asked for, or always
  /// when it is not plain ASCII); `name` is its `stringValue`.
  @inline(never)
  func unpreparedMember(
    of object: UInt32, slot: UnsafeMutablePointer<FastJSONByteKeys.Slot>, name: String
  ) -> UInt32? {
    if !slot.pointee.isNotPlain {
      if let query = FastJSONKeyQueryCache.fill(&slot.pointee.entry, with: name, words: (0, 0)) {
        return plainMember(of: object, query: query, prediction: &slot.pointee.entry.prediction)
      }
      slot.pointee.isNotPlain = true
    }
    return stringMember(of: object, named: name)
  }
}
