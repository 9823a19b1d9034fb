/// The object a keyed container reads: set when the container is made, and again each
/// time the container is handed out for another object (see `FastJSONContainerReuse`).
final class FastJSONContainerPlace {
  var object: UInt32
  var path: FastJSONPath
  /// Where the decoder keeps the object's keys as `String`s (`keyTables`), when they
  /// cannot be compared as bytes; -1 on the fast path.
  var keyTable: Int32

  init(object: UInt32, path: FastJSONPath, keyTable: Int32) {
    self.object = object
    self.path = path
    self.keyTable = keyTable
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
/// one's place at the new object and hands it out again.
///
/// To see whether a box is held elsewhere this reads it out of `KeyedDecodingContainer`,
/// whose one stored property is a reference to it (in every Swift release since 4.0);
/// were that ever to change, `boxIsReadable` turns reuse off.
struct FastJSONContainerReuse {
  private struct Entry {
    let keyType: ObjectIdentifier
    var box: AnyObject
    let place: FastJSONContainerPlace
  }

  /// How many containers are kept to be handed out again.
  static let capacity = 32

  /// Whether a `KeyedDecodingContainer` is one reference (its box), whatever its key.
  static let boxIsReadable =
    MemoryLayout<KeyedDecodingContainer<FastJSONStringKey>>.size == MemoryLayout<AnyObject>.size

  private var entries: [Entry] = []
  /// The places of containers not kept in `entries`. Containers read their place
  /// unretained (as they do their decoder), so places live as long as the decoder.
  private var others: [FastJSONContainerPlace] = []

  /// How many containers were made rather than handed out again.
  private(set) var made = 0

  /// A container over `object`: one made before if nobody holds it, else a new one.
  @inline(__always)
  mutating func container<Key: CodingKey>(
    keyedBy type: Key.Type, object: UInt32, path: FastJSONPath, keyTable: Int32,
    decoder: FastJSONValueDecoder
  ) -> KeyedDecodingContainer<Key> {
    let keyType = ObjectIdentifier(type)
    let reusable = Self.boxIsReadable
    if reusable {
      // Indices, not a `for` over the array: an iterator holds a second reference to the
      // array, so the uniqueness check would copy it and every box in it.
      var index = 0
      while index < entries.count {
        if entries[index].keyType == keyType, isKnownUniquelyReferenced(&entries[index].box) {
          let place = entries[index].place
          place.object = object
          place.path = path
          place.keyTable = keyTable
          return unsafeBitCast(entries[index].box, to: KeyedDecodingContainer<Key>.self)
        }
        index += 1
      }
    }
    made += 1
    let place = FastJSONContainerPlace(object: object, path: path, keyTable: keyTable)
    let container = KeyedDecodingContainer(
      FastJSONKeyedContainer<Key>(decoder: decoder, lease: decoder.lease, place: place))
    if reusable && entries.count < Self.capacity {
      entries.append(
        Entry(keyType: keyType, box: unsafeBitCast(container, to: AnyObject.self), place: place))
    } else {
      others.append(place)
    }
    return container
  }
}
