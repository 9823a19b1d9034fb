import Foundation

/// Finding a key among an object's members without decoding keys or building a
/// dictionary.
///
/// When every key of the object is plain ASCII (no escapes, no control characters) and
/// so is the key asked for, bytes compare exactly as `String`s do, so the lookup
/// compares the key's bytes with the members' in place: where the key was found last
/// time usually names the right member on the first try (Kiva loans all share one
/// layout), and the object's bloom filter turns most absent keys away at once. Keys are
/// prepared once per decoding (`FastJSONKeyQueryCache`).
/// Like `JSONDecoder`, the first of duplicate keys wins: a prediction is trusted only
/// when the scanner saw no duplicate keys in the object.
extension FastJSONValueDecoder {
  /// The tape index of the value of `object`'s first member named `name`, or nil.
  @inline(__always)
  func member(of object: UInt32, named name: String, keyStrings: [String]?) -> UInt32? {
    if let keyStrings {
      guard let index = keyStrings.firstIndex(of: name) else { return nil }
      return memberKey(of: object, at: index) + 1
    }
    guard MemoryLayout<String>.size == 16 else { return uncachedMember(of: object, named: name) }
    let cache = scratch.keyQueries
    let words = FastJSONKeyQueryCache.words(of: name)
    let set = cache.set(for: words)
    if let entry = cache.entry(for: words, in: set), let query = entry.pointee.query {
      return plainMember(of: object, query: query, prediction: &entry.pointee.prediction)
    }
    return missedMember(of: object, named: name, words: words, set: set)
  }

  /// A lookup whose key is not in the query cache: prepares it there.
  @inline(never)
  private func missedMember(
    of object: UInt32, named name: String, words: (UInt64, UInt64), set: Int
  ) -> UInt32? {
    // No entry holds these words: a failed fill leaves its entry empty.
    let cache = scratch.keyQueries
    let entry = cache.entryToFill(in: set)
    guard let query = cache.fill(entry, with: name, words: words) else {
      return stringMember(of: object, named: name)
    }
    return plainMember(of: object, query: query, prediction: &entry.pointee.prediction)
  }

  /// A lookup without the cache (where `String` is not two words).
  private func uncachedMember(of object: UInt32, named name: String) -> UInt32? {
    var copy = name
    return copy.withUTF8 { bytes in
      guard let query = FastJSONKeyQuery(bytes) else {
        return stringMember(of: object, named: name)
      }
      var prediction: UInt32 = 0
      return plainMember(of: object, query: query, prediction: &prediction)
    }
  }

  /// A key that is not plain ASCII: compared as `String`s, which match Unicode-equivalent
  /// keys.
  func stringMember(of object: UInt32, named name: String) -> UInt32? {
    for index in 0..<memberCount(of: object)
    where (try? memberKeyString(of: object, at: index)) == name {
      return memberKey(of: object, at: index) + 1
    }
    return nil
  }

  /// `query`'s member, trying first where the key was found last time (`prediction`, which
  /// is updated when the key is found).
  @inline(__always)
  func plainMember(
    of object: UInt32, query: FastJSONKeyQuery, prediction: UnsafeMutablePointer<UInt32>
  ) -> UInt32? {
    // The usual case, kept small enough to inline: the key where it was last time.
    let header = Int(object)
    let tape = document.tape
    let predicted = Int(prediction.pointee)
    if predicted < Int(tape[header + 1]), tape[header + 4] & FastJSONTape.duplicateKeys == 0,
      query.isPossibleKey
    {
      let key = document.members[Int(tape[header + 3]) + predicted]
      if query.matches(document.bytes, count: document.count, quote: Int(tape[Int(key)])) {
        return key + 1
      }
    }
    return searchedMember(of: object, query: query, prediction: prediction)
  }

  /// `plainMember` when the key is not where it was last time.
  @inline(never)
  private func searchedMember(
    of object: UInt32, query: FastJSONKeyQuery, prediction: UnsafeMutablePointer<UInt32>
  ) -> UInt32? {
    let header = Int(object)
    let tape = document.tape
    let memberCount = Int(tape[header + 1])
    guard memberCount > 0, query.isPossibleKey else { return nil }
    // Most keys asked for and not where they were last time are missing (optional keys).
    let bloom = UInt64(tape[header + 5]) | UInt64(tape[header + 6]) << 32
    guard bloom & query.bloomBits == query.bloomBits else { return nil }
    let members = document.members + Int(tape[header + 3])
    let bytes = document.bytes
    let count = document.count
    @inline(__always)
    func found(at index: Int) -> UInt32? {
      let key = members[index]
      guard query.matches(bytes, count: count, quote: Int(tape[Int(key)])) else { return nil }
      prediction.pointee = UInt32(truncatingIfNeeded: index)
      return key + 1
    }
    if tape[header + 4] & FastJSONTape.duplicateKeys == 0 {
      // Outward from where it was, nearest first: optional keys missing (or present)
      // before it in this object shift it a place or two. (That place was tried.)
      let predicted = Int(prediction.pointee)
      var below = min(predicted, memberCount) - 1
      var above = predicted + 1
      while below >= 0 || above < memberCount {
        if above < memberCount {
          if let value = found(at: above) { return value }
          above += 1
        }
        if below >= 0 {
          if let value = found(at: below) { return value }
          below -= 1
        }
      }
      return nil
    }
    // The first of duplicate keys wins.
    for index in 0..<memberCount {
      if let value = found(at: index) { return value }
    }
    return nil
  }
}

/// A key asked for, prepared for comparing with keys in the bytes.
struct FastJSONKeyQuery {
  let name: UnsafeBufferPointer<UInt8>
  let hash: UInt64
  /// The key's bits in an object's bloom filter.
  let bloomBits: UInt64
  private let first: UInt64
  private let last: UInt64
  /// For keys shorter than 8 bytes: the key and its closing quote, and their mask.
  private let firstWithQuote: UInt64
  private let quoteMask: UInt64
  /// False when the key has a byte a plain key cannot have (`"`, `\`, a control byte).
  let isPossibleKey: Bool

  /// Nil when `name` is not ASCII.
  @inline(__always)
  init?(_ name: UnsafeBufferPointer<UInt8>) {
    self.name = name
    let count = name.count
    var special = false
    if let base = name.baseAddress, count > 0 {
      if count >= 8 {
        (first, last) = FastJSONKeyHash.words(base, count: count, available: count)
      } else {
        (first, last) = (FastJSONKeyHash.shortWord(base, count: count), 0)
      }
      if count <= 16 {
        guard (first | last) & 0x8080_8080_8080_8080 == 0 else { return nil }
        // Zero padding below 8 bytes reads as control bytes; mask it off.
        let padding: UInt64 = count < 8 ? ~((1 &<< UInt64(count &* 8)) &- 1) : 0
        special =
          FastJSONStringScan.stops(first) & ~padding != 0
          || (count > 8
            && FastJSONStringScan.stops(last) & FastJSONKeyHash.lowBytes(count &- 8) != 0)
      } else {
        for byte in name {
          guard byte < 0x80 else { return nil }
          if byte < 0x20 || byte == FastJSONByte.quote || byte == FastJSONByte.backslash {
            special = true
          }
        }
      }
    } else {
      (first, last) = (0, 0)
    }
    isPossibleKey = !special
    hash = FastJSONKeyHash.hash(first: first, count: count)
    bloomBits = FastJSONKeyHash.bloomBits(hash)
    if count < 8 {
      firstWithQuote = first | UInt64(FastJSONByte.quote) &<< UInt64(count &* 8)
      quoteMask = count == 7 ? ~0 : (1 &<< UInt64((count &+ 1) &* 8)) &- 1
    } else {
      firstWithQuote = 0
      quoteMask = 0
    }
  }

  /// Whether the plain key whose opening quote is at `quote` is this key.
  @inline(__always)
  func matches(_ bytes: UnsafePointer<UInt8>, count: Int, quote: Int) -> Bool {
    let start = quote + 1
    let length = name.count
    if length < 8 {
      if start + 8 <= count {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self))
        return word & quoteMask == firstWithQuote
      }
      guard start + length < count, bytes[start + length] == FastJSONByte.quote else {
        return false
      }
      for index in 0..<length where bytes[start + index] != name[index] { return false }
      return true
    }
    guard start + length < count else { return false }
    let raw = UnsafeRawPointer(bytes + start)
    guard UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) == first,
      bytes[start + length] == FastJSONByte.quote
    else { return false }
    if length <= 16 {
      let rest =
        start + 16 <= count
        ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
          & FastJSONKeyHash.lowBytes(length &- 8)
        : FastJSONKeyHash.shortWord(bytes + start + 8, count: length &- 8)
      return rest == last
    }
    guard
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)) == last,
      let base = name.baseAddress
    else { return false }
    return memcmp(raw + 8, base + 8, length - 16) == 0
  }
}
