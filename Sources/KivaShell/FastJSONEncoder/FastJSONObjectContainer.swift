/// An object's keyed container: each key and value is kept in the order encoded; the
/// keys are sorted when the object is written (`FastJSONTreeWriter`).
struct FastJSONObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  /// The object being filled.
  let node: FastJSONNode
  /// The encoding it is part of.
  let state: FastJSONEncoderState

  /// Not kept; see `FastJSONValueEncoder.codingPath`.
  var codingPath: [any CodingKey] {
    state.markUnsupported("codingPath was read")
    return []
  }

  private func add(_ value: FastJSONValue, _ key: Key) {
    node.members.append(FastJSONNode.Member(key: key.stringValue, value: value))
  }

  mutating func encodeNil(forKey key: Key) throws { add(state.null(), key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { add(state.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { add(state.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    add(try state.number(value), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    add(try state.number(value), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { add(state.integer(value), key) }
  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    add(try state.value(of: value), key)
  }

  // The standard library's `encodeIfPresent` asks the runtime for `Optional`'s type
  // metadata at every call, from a cache the threads of an export share: these skip it.
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }
  mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = FastJSONNode(isArray: false)
    add(.node(child), key)
    return FastJSONObjectContainer<NestedKey>.boxed(node: child, state: state)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = FastJSONNode(isArray: true)
    add(.node(child), key)
    return FastJSONArrayContainer(node: child, state: state)
  }

  /// Not supported: the value is left to `JSONEncoder`.
  mutating func superEncoder() -> any Encoder {
    state.markUnsupported("superEncoder")
    return FastJSONValueEncoder(state: state)
  }

  /// Not supported: the value is left to `JSONEncoder`.
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    state.markUnsupported("superEncoder")
    return FastJSONValueEncoder(state: state)
  }
}

extension FastJSONObjectContainer {
  /// A container for the object `node`, boxed as `KeyedEncodingContainer` holds it.
  ///
  /// Generic code has the runtime look up the box's type metadata in a shared cache every
  /// time it makes one — four times a loan, and the threads of an export looking it up
  /// at once slow each other down. Copies specialized for `Loan`'s keys (picked by a
  /// pointer comparison at entry) have it at hand; other records take the generic path.
  @_specialize(where Key == Loan.CodingKeys)
  @_specialize(where Key == Loan.LocationKeys)
  @_specialize(where Key == Loan.GeoKeys)
  @_specialize(where Key == Loan.Tag.CodingKeys)
  static func boxed(node: FastJSONNode, state: FastJSONEncoderState) -> KeyedEncodingContainer<Key>
  {
    KeyedEncodingContainer(FastJSONObjectContainer(node: node, state: state))
  }
}
