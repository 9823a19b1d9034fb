import Foundation

/// An unkeyed container that records each call (`decode(String.self) → "Green"`) and
/// forwards it to Foundation's container. `count`, `isAtEnd` and `currentIndex` are
/// read without recording: loops ask for them at every step.
struct TracingUnkeyedContainer: UnkeyedDecodingContainer {
  var base: any UnkeyedDecodingContainer
  let recorder: TraceRecorder
  let path: [TraceScope]

  var codingPath: [any CodingKey] { base.codingPath }
  var count: Int? { base.count }
  var isAtEnd: Bool { base.isAtEnd }
  var currentIndex: Int { base.currentIndex }

  mutating func decodeNil() throws -> Bool {
    try recorder.leaf(DecodingTrace.call("decodeNil"), in: path) { try base.decodeNil() }
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: Int128.Type) throws -> Int128 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
    try recorder.leaf(call("decode", type), in: path) { try base.decode(type) }
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try recorder.decodeValue(
      type, call: call("decode", type), in: path,
      direct: { try base.decode(type) },
      traced: { try base.decode(TracedValue<T>.self) })
  }

  mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }
  mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? {
    try recorder.leaf(call("decodeIfPresent", type), in: path) { try base.decodeIfPresent(type) }
  }

  mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
    try recorder.decodeValueIfPresent(
      type, call: call("decodeIfPresent", type), in: path,
      direct: { try base.decodeIfPresent(type) },
      traced: { try base.decodeIfPresent(TracedValue<T>.self) })
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let call = DecodingTrace.call("nestedContainer", keysType: TraceText.typeName(type))
    do {
      let container = try base.nestedContainer(keyedBy: type)
      let inner = recorder.open(call, in: path)
      return KeyedDecodingContainer(
        TracingKeyedContainer<NestedKey>(base: container, recorder: recorder, path: inner))
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let call = DecodingTrace.call("nestedUnkeyedContainer")
    do {
      let container = try base.nestedUnkeyedContainer()
      let inner = recorder.open(call, in: path)
      return TracingUnkeyedContainer(base: container, recorder: recorder, path: inner)
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }

  mutating func superDecoder() throws -> any Decoder {
    let call = DecodingTrace.call("superDecoder")
    do {
      let decoder = try base.superDecoder()
      return TracingDecoder(base: decoder, recorder: recorder, path: recorder.open(call, in: path))
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }

  private func call(_ method: String, _ type: Any.Type) -> String {
    DecodingTrace.call(method, type: TraceText.typeName(type))
  }
}
