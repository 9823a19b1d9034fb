#if canImport(Glibc)
  import Glibc
#endif

/// A hash table from strings, by their UTF-8 bytes, to values, for numbering the
/// distinct values of a million records: a `[String: …]` hashes every lookup with
/// SipHash over the text's normalized form, several times the cost of hashing the
/// bytes a word at a time as here.
///
/// Equal bytes are equal strings, so what this finds is always right; strings that are
/// equal in Unicode but written with different bytes (`é` composed or not) are
/// different keys here. Callers that must merge them keep a `[String: …]` behind it and
/// look there on a miss.
struct UTF8Table<Value> {
  /// Positions in `entries`, by hash; -1 for an empty slot. Never more than half full.
  private var slots = [Int32](repeating: -1, count: 64)
  private var entries: [Entry] = []
  /// Every key's bytes, end to end.
  private var storage: [UInt8] = []

  private struct Entry {
    var hash: UInt64
    var start: Int
    var count: Int
    var value: Value
  }

  /// How many keys it holds.
  var count: Int { entries.count }

  /// The value stored for the bytes of `text`, if any.
  func value(for text: String) -> Value? {
    Self.withBytes(of: text) { bytes in
      let hash = Self.hash(bytes)
      return find(bytes, hash: hash).entry.map { entries[$0].value }
    }
  }

  /// Stores `value` for the bytes of `text`, replacing any value they had.
  mutating func set(_ value: Value, for text: String) {
    Self.withBytes(of: text) { bytes in
      let hash = Self.hash(bytes)
      let (entry, slot) = find(bytes, hash: hash)
      if let entry {
        entries[entry].value = value
        return
      }
      slots[slot] = Int32(entries.count)
      entries.append(Entry(hash: hash, start: storage.count, count: bytes.count, value: value))
      storage.append(contentsOf: bytes)
      if entries.count * 2 > slots.count { grow() }
    }
  }

  /// The entry holding `bytes`, or nil and the empty slot where they would go.
  private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (entry: Int?, slot: Int) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { return (nil, slot) }
      let entry = entries[index]
      if entry.hash == hash, entry.count == bytes.count,
        storage.withUnsafeBufferPointer({
          Self.same(
            UnsafeBufferPointer(rebasing: $0[entry.start..<entry.start + entry.count]), bytes)
        })
      {
        return (index, slot)
      }
      slot = (slot + 1) & mask
    }
  }

  /// Twice the slots, the entries placed again by their hashes.
  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
    }
  }

  private static func same(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard lhs.count == rhs.count else { return false }
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
    return memcmp(left, right, lhs.count) == 0
  }

  /// The bytes a word at a time: multiply and fold, then a final mix (SplitMix64's).
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
    guard let base = bytes.baseAddress else { return hash }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      offset += 8
    }
    if offset < bytes.count {
      var tail: UInt64 = 0
      for index in offset..<bytes.count {
        tail |= UInt64(base[index]) << UInt64((index - offset) * 8)
      }
      hash = (hash ^ tail) &* 0xBF58_476D_1CE4_E5B9
    }
    hash ^= hash >> 30
    hash = hash &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 31)
  }

  /// Runs `body` on the UTF-8 bytes of `text`, in place when it has them contiguously.
  private static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R)
    -> R
  {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = text
    return copy.withUTF8(body)
  }
}
