import Foundation
import Testing

@testable import KivaShell

/// Reads, from its object, the integer members its `names` list names (a missing one as
/// nil), with keys made from the decoded names: new strings for every object.
private struct NamedReads: Decodable, Equatable {
  let values: [Int?]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let names = try container.decode([String].self, forKey: AnyKey("names"))
    values = try names.map { try container.decodeIfPresent(Int.self, forKey: AnyKey($0)) }
  }
}

/// The decoder prepares each key once and keeps it by its `String`'s storage
/// (`FastJSONKeyQueryCache`): whatever strings the keys are made of, lookups find what
/// `JSONDecoder` finds.
@Suite("Prepared key lookups")
struct FastJSONKeyQueryCacheTests {
  typealias Generator = FastJSONCorruption.SeededGenerator

  /// An array of objects with `keys` integer members (some missing) and a `names` list
  /// of keys to read, in a random order, some of them absent.
  static func objects(keys: [String], count: Int, seed: UInt64) -> Data {
    var generator = Generator(state: seed)
    var objects: [String] = []
    for _ in 0..<count {
      var members: [String] = []
      for key in keys.shuffled(using: &generator) where Int.random(in: 0..<5, using: &generator) > 0
      {
        members.append("\"\(key)\":\(Int.random(in: -999...999, using: &generator))")
      }
      let names = (keys + ["absent_member_name_of_some_length", "x"]).shuffled(using: &generator)
      let list = names.map { "\"\($0)\"" }.joined(separator: ",")
      objects.append("{\"names\":[\(list)],\(members.joined(separator: ","))}")
    }
    return Data("[\(objects.joined(separator: ","))]".utf8)
  }

  @Test("keys made of new strings for every object, long and short, find their members")
  func newStrings() {
    // Longer than a small string: each decoded name is stored on the heap, and freed
    // after its object, so the next object's names may be where the last ones were.
    let keys = (0..<9).map { "a_member_name_long_enough_\($0)" } + ["id", "n", "name"]
    FastJSONDifferential().expectSame(
      [NamedReads].self, Self.objects(keys: keys, count: 300, seed: 1))
  }

  @Test("more keys than the cache holds: entries make way, lookups stay right")
  func moreKeysThanEntries() {
    let keys = (0..<(FastJSONKeyQueryCache.capacity + 60)).map { "k\($0)" }
    FastJSONDifferential().expectSame(
      [NamedReads].self, Self.objects(keys: keys, count: 20, seed: 2))
  }

  @Test("a key that is not ASCII is compared as a String, in any spelling")
  func notASCII() {
    let differential = FastJSONDifferential()
    // The object's keys are plain; the names asked for are not, in both normal forms.
    differential.expectSame(
      [NamedReads].self, #"[{"names":["café","cafe\u0301","id"],"id":3,"cafe":4}]"#)
    // The object's keys are not plain: the same keys in the other normal form.
    differential.expectSame(
      [NamedReads].self,
      #"[{"names":["café","cafe\u0301","id"],"cafe\u0301":5,"id":6},{"names":["café"],"café":7}]"#
    )
  }

  @Test("one spelling in two strings takes two entries; a name not ASCII takes none")
  func entries() {
    let cache = FastJSONKeyQueryCache()
    let small = "location"
    let heap = String(repeating: "long_member_name_", count: 2)
    let heapAgain = String(repeating: "long_member_name_", count: 2)
    var filled: [UnsafeMutablePointer<FastJSONKeyQueryCache.Entry>] = []
    for name in [small, heap, heapAgain] {
      let words = FastJSONKeyQueryCache.words(of: name)
      let set = cache.set(for: words)
      #expect(cache.entry(for: words, in: set) == nil)
      let entry = cache.entryToFill(in: set)
      #expect(cache.fill(entry, with: name, words: words) != nil)
      #expect(cache.entry(for: words, in: set) == entry)
      filled.append(entry)
    }
    #expect(Set(filled).count == 3)
    #expect(FastJSONKeyQueryCache.words(of: heap) != FastJSONKeyQueryCache.words(of: heapAgain))
    let words = FastJSONKeyQueryCache.words(of: "clé")
    let entry = cache.entryToFill(in: cache.set(for: words))
    #expect(cache.fill(entry, with: "clé", words: words) == nil)
    #expect(entry.pointee.query == nil && entry.pointee.name == nil)
  }
}
