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

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = FastJSONNode(isArray: false)
    add(.node(child), key)
    return KeyedEncodingContainer(FastJSONObjectContainer<NestedKey>(node: child, state: state))
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
