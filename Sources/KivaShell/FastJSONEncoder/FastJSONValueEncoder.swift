/// The `Encoder` handed to one value's `encode(to:)`, and its single-value container:
/// what the value encodes ends up in `result`.
final class FastJSONValueEncoder: Encoder, SingleValueEncodingContainer {
  /// The encoding this value is part of.
  let state: FastJSONEncoderState
  /// The value, once encoded.
  private(set) var result: FastJSONValue?

  init(state: FastJSONEncoderState) {
    self.state = state
  }

  /// Not kept (that would cost every value an array); a value that asks for it is left
  /// to `JSONEncoder`, which knows it.
  var codingPath: [any CodingKey] {
    state.markUnsupported("codingPath was read")
    return []
  }

  /// `JSONEncoder.userInfo` as kivash leaves it: empty.
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let node = node(isArray: false) { FastJSONNode(isArray: false) }
    return FastJSONObjectContainer<Key>.boxed(node: node, state: state)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    FastJSONArrayContainer(node: node(isArray: true) { FastJSONNode(isArray: true) }, state: state)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    self
  }

  /// The object or array this value is; asked for again, the same one (as with
  /// `JSONEncoder`). Asked for after something else was encoded, a spare one, and the
  /// value is left to `JSONEncoder`.
  private func node(isArray: Bool, make: () -> FastJSONNode) -> FastJSONNode {
    if case .node(let node) = result, node.isArray == isArray { return node }
    if result != nil { state.markUnsupported("a value encoded as two things") }
    let node = make()
    if result == nil { result = .node(node) }
    return node
  }

  /// Keeps a single value; a second one is refused, as `JSONEncoder` refuses it.
  private func set(_ value: FastJSONValue) throws {
    guard result == nil else { throw FastJSONUnsupported("a single value encoded twice") }
    result = value
  }

  func encodeNil() throws { try set(state.null()) }
  func encode(_ value: Bool) throws { try set(state.bool(value)) }
  func encode(_ value: String) throws { try set(state.string(value)) }
  func encode(_ value: Double) throws { try set(try state.number(value)) }
  func encode(_ value: Float) throws { try set(try state.number(value)) }
  func encode(_ value: Int) throws { try set(state.integer(value)) }
  func encode(_ value: Int8) throws { try set(state.integer(value)) }
  func encode(_ value: Int16) throws { try set(state.integer(value)) }
  func encode(_ value: Int32) throws { try set(state.integer(value)) }
  func encode(_ value: Int64) throws { try set(state.integer(value)) }
  func encode(_ value: UInt) throws { try set(state.integer(value)) }
  func encode(_ value: UInt8) throws { try set(state.integer(value)) }
  func encode(_ value: UInt16) throws { try set(state.integer(value)) }
  func encode(_ value: UInt32) throws { try set(state.integer(value)) }
  func encode(_ value: UInt64) throws { try set(state.integer(value)) }
  func encode<Value: Encodable>(_ value: Value) throws { try set(try state.value(of: value)) }
}
