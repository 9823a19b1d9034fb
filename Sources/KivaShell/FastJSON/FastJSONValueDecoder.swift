import Foundation

/// The options of one `FastJSONDecoder.decode` call.
struct FastJSONOptions {
  var dateStrategy: FastJSONDecoder.DateStrategy
  var keyStrategy: FastJSONDecoder.KeyStrategy
  var userInfo: [CodingUserInfoKey: Any]
}

/// The `Decoder` that `init(from:)` implementations see, and its single-value container.
///
/// Like `JSONDecoderImpl`, one instance serves a whole decoding: decoding a nested value
/// pushes a frame (the value and the key that reached it) and pops it afterwards, so no
/// decoder or path array is allocated per value. Only `superDecoder` makes a new one.
final class FastJSONValueDecoder {
  let document: FastJSONDocument
  let options: FastJSONOptions
  /// What this decoder (and the `superDecoder`s it makes) learn as they go.
  let scratch: FastJSONScratch
  /// The coding path of frame 0: empty, or where a `superDecoder` was taken.
  let rootPath: [any CodingKey]
  /// The tape index of the value being decoded.
  @exclusivity(unchecked) var value: UInt32
  /// Values being decoded, outermost first; frame 0 is the root.
  @exclusivity(unchecked) var frames: [FastJSONFrame]
  /// Keys containers added to paths (see `FastJSONPathNode`).
  @exclusivity(unchecked) var pathNodes: [FastJSONPathNode] = []
  @exclusivity(unchecked) private var nextSerial: UInt32 = 1
  /// The keyed containers this decoder made, to hand out again.
  @exclusivity(unchecked) var containers = FastJSONContainerReuse()
  /// The decoders `superDecoder` made. Their keyed containers refer to them unretained,
  /// so they are kept while they may have containers in use (see `superDecoder`).
  @exclusivity(unchecked) private(set) var superDecoders: [FastJSONValueDecoder] = []
  /// When to drop the super decoders nobody uses any more.
  @exclusivity(unchecked) private var superDecodersPruneAt = 16
  /// Whether the function that made this decoder (or the decoder it is a super decoder
  /// of) holds it until the decoding ends (see `whileHeld`). Then no model can drop the
  /// last reference to a decoder while it decodes, and keyed containers lend it to
  /// `init(from:)` unretained; otherwise they hold it for the call.
  @exclusivity(unchecked) private(set) var isHeldByDecoding = false
  /// Tells the keyed containers this decoder made whether it still lives.
  private let leaseSlot = FastJSONLeasePool.shared.take()

  init(
    document: FastJSONDocument, options: FastJSONOptions, rootPath: [any CodingKey], value: UInt32,
    scratch: FastJSONScratch = FastJSONScratch()
  ) {
    self.document = document
    self.options = options
    self.scratch = scratch
    self.rootPath = rootPath
    self.value = value
    let root = FastJSONPath(frame: 0, frameSerial: 0)
    frames = [
      FastJSONFrame(parent: root, leaf: nil, serial: 0, savedValue: value)
    ]
    frames.reserveCapacity(16)
  }

  deinit { FastJSONLeasePool.shared.giveBack(leaseSlot) }

  /// Runs `body`, the whole decoding this decoder is the root of, holding the decoder
  /// (see `isHeldByDecoding`).
  func whileHeld<R>(_ body: () throws -> R) rethrows -> R {
    isHeldByDecoding = true
    defer { endHeld() }
    return try withExtendedLifetime(self) { try body() }
  }

  /// The decoding is over: a model that kept this decoder or a super decoder may drop it
  /// at any time from now on.
  private func endHeld() {
    isHeldByDecoding = false
    for decoder in superDecoders { decoder.endHeld() }
  }

  /// A lease for a keyed container, which refers to this decoder unretained.
  var lease: FastJSONLease { FastJSONLease(leaseSlot) }

  /// A number not used before by this decoder, for frames.
  func takeSerial() -> UInt32 {
    let serial = nextSerial
    nextSerial &+= 1
    return serial
  }

  /// The path of the value being decoded.
  var currentPath: FastJSONPath {
    let top = frames.count - 1
    return FastJSONPath(frame: Int32(truncatingIfNeeded: top), frameSerial: frames[top].serial)
  }

  /// Runs `body` with `value` as the value being decoded, at `parent` + `leaf` (at
  /// `parent` when there is no leaf: an array element, whose index `parent` holds).
  @inline(__always)
  func withFrame<R>(
    value: UInt32, parent: FastJSONPath, leaf: (any CodingKey)?, _ body: () throws -> R
  ) rethrows -> R {
    frames.append(
      FastJSONFrame(
        parent: parent, leaf: leaf, serial: takeSerial(), savedValue: self.value,
        nodeMark: pathNodes.count))
    self.value = value
    defer {
      let frame = frames.removeLast()
      self.value = frame.savedValue
      if pathNodes.count > frame.nodeMark {
        pathNodes.removeSubrange(frame.nodeMark...)
      }
    }
    return try body()
  }
}

extension FastJSONValueDecoder: Decoder {
  var codingPath: [any CodingKey] { codingPath(currentPath) }
  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

  // Specialized for the keys of `Loan`, the model big files hold (see `keyedContainer`).
  @_specialize(where Key == Loan.CodingKeys)
  @_specialize(where Key == Loan.Tag.CodingKeys)
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try keyedContainer(at: value, path: currentPath, keyedBy: type)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try unkeyedContainer(at: value, path: currentPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    self
  }

  /// A keyed container for the object `value`, whose path is `path`.
  ///
  /// Generic code has the runtime look up the container's type metadata in a shared
  /// cache every time it hands one out — about 10% of a million-loan fetch, four
  /// containers a loan. Copies specialized for `Loan`'s keys (picked by a pointer
  /// comparison at entry) have it at hand; other models take the generic path.
  @_specialize(where Key == Loan.CodingKeys)
  @_specialize(where Key == Loan.Tag.CodingKeys)
  @_specialize(where Key == Loan.LocationKeys)
  @_specialize(where Key == Loan.GeoKeys)
  func keyedContainer<Key: CodingKey>(at value: UInt32, path: FastJSONPath, keyedBy type: Key.Type)
    throws -> KeyedDecodingContainer<Key>
  {
    let byte = firstByte(of: value)
    guard byte == FastJSONByte.openBrace else {
      let path = codingPath(path)
      if byte == UInt8(ascii: "n") {
        throw DecodingError.valueNotFound(
          [String: Any].self,
          .init(
            codingPath: path,
            debugDescription: "Cannot get keyed decoding container -- found null value instead"))
      }
      throw DecodingError.typeMismatch(
        [String: Any].self,
        .init(
          codingPath: path,
          debugDescription:
            "Expected to decode \([String: Any].self) but found \(typeDescription(of: value)) instead."
        ))
    }
    return containers.container(
      keyedBy: type, object: value, path: path, keyStrings: try keyStrings(of: value),
      decoder: self)
  }

  /// The keys of `object` as `String`s, converted by the key strategy, when they cannot
  /// be compared as bytes; nil on the fast path. Like `JSONDecoder`, reads every key
  /// when any needs decoding, so a bad key fails here whether or not it is asked for.
  func keyStrings(of object: UInt32) throws(FastJSONInvalid) -> [String]? {
    let slowKeys = document.tape[Int(object) + 4] & FastJSONTape.slowKeys != 0
    switch options.keyStrategy {
    case .useDefaultKeys:
      guard slowKeys else { return nil }
      return try (0..<memberCount(of: object)).map { (index) throws(FastJSONInvalid) in
        try memberKeyString(of: object, at: index)
      }
    case .convertFromSnakeCase:
      return try (0..<memberCount(of: object)).map { (index) throws(FastJSONInvalid) in
        convertedFromSnakeCase(try memberKeyString(of: object, at: index))
      }
    }
  }

  /// An unkeyed container for the array `value`, whose path is `path`.
  func unkeyedContainer(at value: UInt32, path: FastJSONPath) throws
    -> any UnkeyedDecodingContainer
  {
    let byte = firstByte(of: value)
    guard byte == FastJSONByte.openBracket else {
      let path = codingPath(path)
      if byte == UInt8(ascii: "n") {
        throw DecodingError.valueNotFound(
          [Any].self,
          .init(
            codingPath: path,
            debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
      }
      throw DecodingError.typeMismatch(
        [Any].self,
        .init(
          codingPath: path,
          debugDescription:
            "Expected to decode \([Any].self) but found \(typeDescription(of: value)) instead."))
    }
    return FastJSONUnkeyedContainer(decoder: self, array: value, path: path)
  }

  /// A new decoder for `value` at `path`, for `superDecoder()`.
  ///
  /// This decoder keeps it: a model may drop it as soon as it has a container from it
  /// (`try container.superDecoder().container(keyedBy: …)`), and containers do not keep
  /// their decoder alive. Those nobody holds and whose containers nobody holds are let
  /// go from time to time, so a model that takes one per element does not pile them up.
  func superDecoder(value: UInt32, path: [any CodingKey]) -> FastJSONValueDecoder {
    let made = FastJSONValueDecoder(
      document: document, options: options, rootPath: path, value: value, scratch: scratch)
    made.isHeldByDecoding = isHeldByDecoding
    superDecoders.append(made)
    if superDecoders.count >= superDecodersPruneAt {
      var kept: [FastJSONValueDecoder] = []
      var index = 0
      while index < superDecoders.count {
        if !canLetGo(superDecoderAt: index) { kept.append(superDecoders[index]) }
        index += 1
      }
      superDecoders = kept
      superDecodersPruneAt = max(16, kept.count * 2)
    }
    return made
  }

  /// Whether letting go of this decoder cannot leave a container without its decoder,
  /// nor a decoder cut off from its decoding: nobody holds a keyed container it made,
  /// nor a super decoder it made (held elsewhere, one would no longer be reached by
  /// `endHeld`, and would lend itself unretained after the decoding), recursively.
  private func isIdle() -> Bool {
    guard containers.noneHeld() else { return false }
    var index = 0
    while index < superDecoders.count {
      guard canLetGo(superDecoderAt: index) else { return false }
      index += 1
    }
    return true
  }

  /// Whether only this decoder holds its super decoder `index`, and that one is idle.
  /// (By index, not by a `for` loop: an iterator's copy of the array would be a second
  /// reference to every decoder in it.)
  private func canLetGo(superDecoderAt index: Int) -> Bool {
    isKnownUniquelyReferenced(&superDecoders[index]) && superDecoders[index].isIdle()
  }
}

extension FastJSONValueDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { isNull(value) }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard let bool = readBool(value) else { throw kindError(Bool.self, value, currentPath, nil) }
    return bool
  }

  func decode(_ type: String.Type) throws -> String {
    try unwrapString(value, path: currentPath, key: nil)
  }

  func decode(_ type: Double.Type) throws -> Double {
    try unwrapFloat(value, as: type, path: currentPath, key: nil)
  }

  func decode(_ type: Float.Type) throws -> Float {
    try unwrapFloat(value, as: type, path: currentPath, key: nil)
  }

  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try unwrap(value, as: type, path: currentPath, key: nil)
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    guard let integer = try readInteger(value, as: type) else {
      throw kindError(T.self, value, currentPath, nil)
    }
    return integer
  }
}
