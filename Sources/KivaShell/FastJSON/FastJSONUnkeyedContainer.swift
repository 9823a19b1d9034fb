import Foundation

/// An unkeyed container over one JSON array, with `JSONDecoder`'s exact index rules: a
/// failed `decode` leaves `currentIndex` where it was (so the element can be skipped by
/// decoding something else), and `decodeIfPresent` at the end returns nil but still
/// counts up `currentIndex`.
struct FastJSONUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: FastJSONValueDecoder
  let path: FastJSONPath
  private let end: UInt32
  private let elementCount: Int
  private(set) var currentIndex = 0
  /// The tape index of the next element (`end` when there is none).
  private var cursor: UInt32
  /// How many path nodes there were when the last element's nested container was made:
  /// the next one drops the nodes the previous element's containers made, so that
  /// iterating a long array by hand does not pile them up. The price: a container kept
  /// from an earlier element loses those keys from its errors' coding paths (values are
  /// unaffected; `FastJSONPath` tells a dropped node by its serial).
  private var elementMark = -1

  init(decoder: FastJSONValueDecoder, array: UInt32, path: FastJSONPath) {
    self.decoder = decoder
    self.path = path
    let tape = decoder.document.tape
    elementCount = Int(tape[Int(array) + 1])
    end = tape[Int(array) + 2]
    cursor = array + UInt32(FastJSONTape.arrayWords)
  }

  var codingPath: [any CodingKey] { decoder.codingPath(path) }
  var count: Int? { elementCount }
  var isAtEnd: Bool { currentIndex >= elementCount }

  private var indexKey: FastJSONIndexKey { FastJSONIndexKey(index: currentIndex) }

  /// The next element, or `valueNotFound` naming `type` at the end.
  @inline(__always)
  private func next(_ type: Any.Type, atEnd message: String = "Unkeyed container is at end.")
    throws -> UInt32
  {
    guard cursor < end else {
      throw DecodingError.valueNotFound(
        type, .init(codingPath: codingPath + [indexKey], debugDescription: message))
    }
    return cursor
  }

  /// Moves past the current element.
  @inline(__always)
  private mutating func advance() {
    currentIndex += 1
    guard cursor < end else { return }
    cursor = decoder.document.index(after: cursor)
  }

  /// Decodes the next element with `read`, moving on only if it succeeds; `read`
  /// returns nil for a value of another kind.
  @inline(__always)
  private mutating func decodeNext<T>(_ read: (UInt32) throws -> T?) throws -> T {
    let value = try next(T.self)
    guard let result = try read(value) else {
      throw decoder.kindError(T.self, value, path, indexKey)
    }
    advance()
    return result
  }

  /// Decodes the next element with `read` unless it is null or missing; moves on always
  /// except when `read` fails.
  @inline(__always)
  private mutating func decodeNextIfPresent<T>(_ read: (UInt32) throws -> T?) throws -> T? {
    guard cursor < end, !decoder.isNull(cursor) else {
      advance()
      return nil
    }
    guard let result = try read(cursor) else {
      throw decoder.kindError(T.self, cursor, path, indexKey)
    }
    advance()
    return result
  }

  mutating func decodeNil() throws -> Bool {
    guard decoder.isNull(try next(Never.self)) else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try decodeNext { [decoder] in decoder.readBool($0) }
  }

  mutating func decode(_ type: String.Type) throws -> String {
    try decodeNext { [decoder] in try decoder.readString($0) }
  }

  mutating func decode(_ type: Double.Type) throws -> Double { try decodeFloat(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try decodeFloat(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try next(T.self)
    let result = try decoder.unwrap(value, as: type, elementAt: currentIndex, of: path)
    advance()
    return result
  }

  mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
    try decodeNextIfPresent { [decoder] in decoder.readBool($0) }
  }

  mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
    try decodeNextIfPresent { [decoder] in try decoder.readString($0) }
  }

  mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
    try decodeFloatIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
    try decodeFloatIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
    try decodeIntegerIfPresent(type)
  }
  mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
    try decodeIntegerIfPresent(type)
  }

  mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    guard cursor < end, !decoder.isNull(cursor) else {
      advance()
      return nil
    }
    let result = try decoder.unwrap(cursor, as: type, elementAt: currentIndex, of: path)
    advance()
    return result
  }

  private mutating func dropEarlierElementNodes() {
    if elementMark >= 0, decoder.pathNodes.count > elementMark, onlyElementNodes(since: elementMark)
    {
      decoder.pathNodes.removeSubrange(elementMark...)
    }
    elementMark = decoder.pathNodes.count
  }

  /// Whether every path node from `mark` on belongs to an element of this array: it
  /// descends, through nodes made since `mark`, from an element's index node whose
  /// parent is this container's own node. A sibling container nested by key meanwhile
  /// keeps its nodes (and the earlier element's), so its errors' paths stay whole.
  private func onlyElementNodes(since mark: Int) -> Bool {
    let nodes = decoder.pathNodes
    for index in mark..<nodes.count {
      var top = index
      while Int(nodes[top].parent) >= mark { top = Int(nodes[top].parent) }
      guard nodes[top].parent == path.node, nodes[top].parentSerial == path.nodeSerial,
        nodes[top].key is FastJSONIndexKey
      else { return false }
    }
    return true
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let value = try next(KeyedDecodingContainer<NestedKey>.self)
    dropEarlierElementNodes()
    let container = try decoder.keyedContainer(
      at: value, path: decoder.extend(path, withIndex: currentIndex), keyedBy: type)
    advance()
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    // Foundation means to say "Cannot get nested unkeyed container -- unkeyed container is
    // at end." here, but compares the wrong type and says the plain message.
    let value = try next((any UnkeyedDecodingContainer).self)
    dropEarlierElementNodes()
    let container = try decoder.unkeyedContainer(
      at: value, path: decoder.extend(path, withIndex: currentIndex))
    advance()
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let value = try next(
      (any Decoder).self, atEnd: "Cannot get superDecoder() -- unkeyed container is at end.")
    let superDecoder = decoder.superDecoder(value: value, path: codingPath + [indexKey])
    advance()
    return superDecoder
  }

  mutating func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    try decodeNext { [decoder] in try decoder.readInteger($0, as: T.self) }
  }

  private mutating func decodeFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: T.Type
  ) throws -> T {
    try decodeNext { [decoder] in try decoder.readFloat($0, as: T.self) }
  }

  mutating func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type) throws -> T? {
    try decodeNextIfPresent { [decoder] in try decoder.readInteger($0, as: T.self) }
  }

  private mutating func decodeFloatIfPresent<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: T.Type
  ) throws -> T? {
    try decodeNextIfPresent { [decoder] in try decoder.readFloat($0, as: T.self) }
  }
}
