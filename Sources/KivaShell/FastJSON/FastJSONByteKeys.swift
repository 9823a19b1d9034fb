/// The prepared lookups of one container's keys, by the key's byte, when its key type is
/// a plain value of at most one byte: the cases of a `CodingKeys` enum.
///
/// Asking a key for its `stringValue` goes through the protocol's witness to a `switch`
/// over the cases, and finding its prepared query in `FastJSONKeyQueryCache` hashes the
/// string: more than the lookup itself. Such a key is its byte, so a table by that byte
/// (one per container place, whose key type never changes) gives the query at once, and
/// `stringValue` is asked only the first time. The table grows to the highest byte seen
/// (16 slots, then powers of two up to 256): most key types have a few cases, and every
/// level of a recursive model, every super decoder, has places of its own.
///
/// This takes a key's `stringValue` to follow from its value, as it does for every enum
/// whose cases name their keys. A key type whose names come from outside state (a
/// `static var` it reads, say) and change during one decoding would see its first names
/// kept; `JSONDecoder` would ask again.
struct FastJSONByteKeys {
  /// One byte value's key: prepared, known not to be plain ASCII, or not seen yet.
  struct Slot {
    var entry = FastJSONKeyQueryCache.Entry()
    var isNotPlain = false
  }

  private var slots: UnsafeMutablePointer<Slot>?
  private var capacity = 0

  /// Frees the table; it must not be used again.
  func free() {
    guard let slots else { return }
    for index in 0..<capacity { slots[index].entry.bytes?.deallocate() }
    slots.deinitialize(count: capacity)
    slots.deallocate()
  }

  /// Whether keys of type `Key` can be looked up by their byte.
  @inline(__always)
  static func holds<Key>(_ type: Key.Type) -> Bool {
    _isPOD(Key.self) && MemoryLayout<Key>.size <= 1
  }

  /// The byte of `key`, whose type `holds` accepts (0 for a type of no size).
  @inline(__always)
  static func byte<Key>(of key: Key) -> Int {
    // Sizes checked first: a bit cast between types of different sizes traps.
    MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
  }

  /// The slot of byte `byte` (0 to 255), valid until the table next grows.
  @inline(__always)
  mutating func slot(at byte: Int) -> UnsafeMutablePointer<Slot> {
    if byte < capacity, let slots { return slots + byte }
    return grow(covering: byte)
  }

  /// Grows the table to hold slot `byte`; returns that slot.
  @inline(never)
  private mutating func grow(covering byte: Int) -> UnsafeMutablePointer<Slot> {
    var newCapacity = max(capacity, 16)
    while newCapacity <= byte { newCapacity *= 2 }
    let newSlots = UnsafeMutablePointer<Slot>.allocate(capacity: newCapacity)
    if let slots {
      newSlots.moveInitialize(from: slots, count: capacity)
      slots.deallocate()
    }
    (newSlots + capacity).initialize(repeating: Slot(), count: newCapacity - capacity)
    slots = newSlots
    capacity = newCapacity
    return newSlots + byte
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
