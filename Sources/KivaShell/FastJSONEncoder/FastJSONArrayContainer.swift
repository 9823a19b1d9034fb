/// An array's unkeyed container: elements are kept in order until the array is written.
struct FastJSONArrayContainer: UnkeyedEncodingContainer {
  /// The array being filled.
  let node: FastJSONNode
  /// The encoding it is part of.
  let state: FastJSONEncoderState

  /// Not kept; see `FastJSONValueEncoder.codingPath`.
  var codingPath: [any CodingKey] {
    state.markUnsupported("codingPath was read")
    return []
  }

  var count: Int { node.elements.count }

  private func add(_ value: FastJSONValue) {
    node.elements.append(value)
  }

  mutating func encodeNil() throws { add(state.null()) }
  mutating func encode(_ value: Bool) throws { add(state.bool(value)) }
  mutating func encode(_ value: String) throws { add(state.string(value)) }
  mutating func encode(_ value: Double) throws { add(try state.number(value)) }
  mutating func encode(_ value: Float) throws { add(try state.number(value)) }
  mutating func encode(_ value: Int) throws { add(state.integer(value)) }
  mutating func encode(_ value: Int8) throws { add(state.integer(value)) }
  mutating func encode(_ value: Int16) throws { add(state.integer(value)) }
  mutating func encode(_ value: Int32) throws { add(state.integer(value)) }
  mutating func encode(_ value: Int64) throws { add(state.integer(value)) }
  mutating func encode(_ value: UInt) throws { add(state.integer(value)) }
  mutating func encode(_ value: UInt8) throws { add(state.integer(value)) }
  mutating func encode(_ value: UInt16) throws { add(state.integer(value)) }
  mutating func encode(_ value: UInt32) throws { add(state.integer(value)) }
  mutating func encode(_ value: UInt64) throws { add(state.integer(value)) }
  mutating func encode<Value: Encodable>(_ value: Value) throws { add(try state.value(of: value)) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = FastJSONNode(isArray: false)
    add(.node(child))
    return FastJSONObjectContainer<NestedKey>.boxed(node: child, state: state)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = FastJSONNode(isArray: true)
    add(.node(child))
    return FastJSONArrayContainer(node: child, state: state)
  }

  /// Not supported: the value is left to `JSONEncoder`.
  mutating func superEncoder() -> any Encoder {
    state.markUnsupported("superEncoder")
    return FastJSONValueEncoder(state: state)
  }
}
