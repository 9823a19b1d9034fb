/// The object a keyed container reads: set when the container is made, and again each
/// time the container is handed out for another object (see `FastJSONContainerReuse`).
final class FastJSONContainerPlace {
  var object: UInt32
  var path: FastJSONPath
  /// The object's keys as `String`s, converted by the key strategy, when they cannot be
  /// compared as bytes; nil on the fast path.
  var keyStrings: [String]?

  /// The lookups of this place's keys by their byte (see `FastJSONByteKeys`). Only its
  /// containers use it, one call at a time.
  @exclusivity(unchecked) var byteKeys = FastJSONByteKeys()

  init(object: UInt32, path: FastJSONPath, keyStrings: [String]?) {
    self.object = object
    self.path = path
    self.keyStrings = keyStrings
  }

  deinit {
    byteKeys.free()
  }
}

/// The keyed containers a decoder has made, handed out again once nobody holds them.
///
/// `KeyedDecodingContainer.init` allocates a box for the container, and has the runtime
/// look up the box's generic type in a cache all threads share: about 9% of a 1M-loan
/// fetch, four containers a loan, with the two decoding threads contending on the cache.
/// A model asks for a container, decodes its values and drops it, so the decoder keeps
/// the containers it made, and when one with the same key type is asked for and nobody
/// else holds the previous one (its box is uniquely referenced), points the previous
/// one's place at the new object and hands it out again. Past `preferredCount`, a
/// container nobody holds makes way for one of another key type, so the list grows
/// only with the containers held at once (the depth of a recursive model), not with the
/// key types seen.
///
/// To see whether a box is held elsewhere this reads it out of `KeyedDecodingContainer`,
/// whose one stored property is a reference to it (in every Swift release since 4.0);
/// were that ever to change, `boxIsReadable` turns reuse off.
struct FastJSONContainerReuse {
  private struct Entry {
    let keyType: ObjectIdentifier
    var box: AnyObject
    /// Read by the box's container unretained: freed with the entry, when nobody else
    /// holds the box.
    let place: FastJSONContainerPlace
  }

  /// Whether a `KeyedDecodingContainer` is one reference to its box, whatever its key:
  /// its size is a reference's, and the object read out of it is one it holds (not
  /// uniquely referenced while the container lives). Reading the type's name would say
  /// more, but demangling it added about 0.3 ms to start-up (the built-in loans decode).
  static let boxIsReadable: Bool = {
    guard
      MemoryLayout<KeyedDecodingContainer<FastJSONStringKey>>.size
        == MemoryLayout<AnyObject>.size
    else { return false }
    let container = KeyedDecodingContainer(FastJSONEmptyKeyedContainer())
    var box = unsafeBitCast(container, to: AnyObject.self)
    return withExtendedLifetime(container) { !isKnownUniquelyReferenced(&box) }
  }()

  /// How many containers are kept before one nobody holds makes way for a new one.
  static let preferredCount = 64

  /// Containers made before: held by a model, or free to hand out again.
  private var entries: [Entry] = []
  /// The places of containers made when boxes cannot be read: kept as long as the
  /// decoder, since a container may still read its place.
  private var unreusedPlaces: [FastJSONContainerPlace] = []

  /// How many containers were made rather than handed out again.
  private(set) var made = 0

  /// `boxIsReadable`, read once: a `static let` is checked for initialization at each use.
  private let reusable = Self.boxIsReadable

  /// A container over `object`: one made before if nobody holds it, else a new one.
  @inline(__always)
  mutating func container<Key: CodingKey>(
    keyedBy type: Key.Type, object: UInt32, path: FastJSONPath, keyStrings: [String]?,
    decoder: FastJSONValueDecoder
  ) -> KeyedDecodingContainer<Key> {
    let keyType = ObjectIdentifier(type)
    if reusable, let index = firstFree(of: keyType) {
      let place = entries[index].place
      place.object = object
      place.path = path
      // Key strings are rare (a key strategy, or keys that are not plain): most objects
      // would only replace nil with nil, which still costs a release.
      if keyStrings != nil || place.keyStrings != nil { place.keyStrings = keyStrings }
      return unsafeBitCast(entries[index].box, to: KeyedDecodingContainer<Key>.self)
    }
    made += 1
    let place = FastJSONContainerPlace(object: object, path: path, keyStrings: keyStrings)
    let container = KeyedDecodingContainer(
      FastJSONKeyedContainer<Key>(decoder: decoder, lease: decoder.lease, place: place))
    guard reusable else {
      unreusedPlaces.append(place)
      return container
    }
    let entry = Entry(
      keyType: keyType, box: unsafeBitCast(container, to: AnyObject.self), place: place)
    if entries.count >= Self.preferredCount, let index = firstFree(of: nil) {
      entries[index] = entry
    } else {
      entries.append(entry)
    }
    return container
  }

  /// The first entry of `keyType` (of any, for nil) whose box nobody else holds.
  @inline(__always)
  private mutating func firstFree(of keyType: ObjectIdentifier?) -> Int? {
    // Indices, not a `for` over the array: an iterator holds a second reference to the
    // array, so the uniqueness check would copy it and every box in it.
    var index = 0
    while index < entries.count {
      if keyType == nil || entries[index].keyType == keyType,
        isKnownUniquelyReferenced(&entries[index].box)
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Whether no container this decoder made is held by anyone but the list.
  mutating func noneHeld() -> Bool {
    guard unreusedPlaces.isEmpty else { return false }
    var index = 0
    while index < entries.count {
      guard isKnownUniquelyReferenced(&entries[index].box) else { return false }
      index += 1
    }
    return true
  }
}

/// A keyed container with no keys, for checking how `KeyedDecodingContainer` holds one.
private struct FastJSONEmptyKeyedContainer: KeyedDecodingContainerProtocol {
  var codingPath: [any CodingKey] { [] }
  var allKeys: [FastJSONStringKey] { [] }
  func contains(_ key: FastJSONStringKey) -> Bool { false }
  func decodeNil(forKey key: FastJSONStringKey) throws -> Bool { throw missing(key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: FastJSONStringKey) throws -> T {
    throw missing(key)
  }
  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: FastJSONStringKey
  ) throws -> KeyedDecodingContainer<NestedKey> { throw missing(key) }
  func nestedUnkeyedContainer(forKey key: FastJSONStringKey) throws
    -> any UnkeyedDecodingContainer
  { throw missing(key) }
  func superDecoder() throws -> any Decoder { throw missing(FastJSONStringKey.superKey) }
  func superDecoder(forKey key: FastJSONStringKey) throws -> any Decoder { throw missing(key) }

  private func missing(_ key: FastJSONStringKey) -> DecodingError {
    .keyNotFound(key, .init(codingPath: [], debugDescription: "An empty container."))
  }
}
