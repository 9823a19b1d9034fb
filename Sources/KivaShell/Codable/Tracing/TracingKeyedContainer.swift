import Foundation

/// A keyed container that records each call (`decode(Int.self, forKey: .amount →
/// "loan_amount") → 800`) and forwards it to Foundation's container.
struct TracingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let base: KeyedDecodingContainer<Key>
  let recorder: TraceRecorder
  let path: [TraceScope]

  var codingPath: [any CodingKey] { base.codingPath }
  var allKeys: [Key] { base.allKeys }

  func contains(_ key: Key) -> Bool {
    let found = base.contains(key)
    let json = KeyNaming.jsonKey(of: key, options: recorder.options)
    let call = "contains(.\(KeyNaming.caseName(of: key)) → \(json.debugDescription))"
    recorder.record(call, result: String(found), in: path)
    return found
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try recorder.leaf(call("decodeNil", nil, key), in: path) { try base.decodeNil(forKey: key) }
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
    try leaf(type, key) { try base.decode(type, forKey: key) }
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try recorder.decodeValue(
      type, call: call("decode", type, key), in: path,
      direct: { try base.decode(type, forKey: key) },
      traced: { try base.decode(TracedValue<T>.self, forKey: key) })
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }
  func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
    try leafIfPresent(type, key) { try base.decodeIfPresent(type, forKey: key) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try recorder.decodeValueIfPresent(
      type, call: call("decodeIfPresent", type, key), in: path,
      direct: { try base.decodeIfPresent(type, forKey: key) },
      traced: { try base.decodeIfPresent(TracedValue<T>.self, forKey: key) })
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let call = call("nestedContainer", nil, key, keysType: TraceText.typeName(type))
    do {
      let container = try base.nestedContainer(keyedBy: type, forKey: key)
      let inner = recorder.open(call, in: path)
      return KeyedDecodingContainer(
        TracingKeyedContainer<NestedKey>(base: container, recorder: recorder, path: inner))
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let call = call("nestedUnkeyedContainer", nil, key)
    do {
      let container = try base.nestedUnkeyedContainer(forKey: key)
      let inner = recorder.open(call, in: path)
      return TracingUnkeyedContainer(base: container, recorder: recorder, path: inner)
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }

  func superDecoder() throws -> any Decoder {
    try traceSuperDecoder(DecodingTrace.call("superDecoder")) { try base.superDecoder() }
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try traceSuperDecoder(call("superDecoder", nil, key)) { try base.superDecoder(forKey: key) }
  }

  private func traceSuperDecoder(_ call: String, _ body: () throws -> any Decoder) throws
    -> any Decoder
  {
    do {
      let decoder = try body()
      return TracingDecoder(base: decoder, recorder: recorder, path: recorder.open(call, in: path))
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }

  private func call(
    _ method: String, _ type: Any.Type?, _ key: Key, keysType: String? = nil
  ) -> String {
    DecodingTrace.call(
      method, type: type.map(TraceText.typeName), keyCase: KeyNaming.caseName(of: key),
      jsonKey: KeyNaming.jsonKey(of: key, options: recorder.options), keysType: keysType)
  }

  private func leaf<T>(_ type: T.Type, _ key: Key, _ body: () throws -> T) throws -> T {
    try recorder.leaf(call("decode", type, key), in: path, body)
  }

  private func leafIfPresent<T>(_ type: T.Type, _ key: Key, _ body: () throws -> T?) throws -> T? {
    try recorder.leaf(call("decodeIfPresent", type, key), in: path, body)
  }
}
