import Foundation

/// A single-value container that records each call (`decode(String.self) → "Green"`)
/// and forwards it to Foundation's container.
struct TracingSingleValueContainer: SingleValueDecodingContainer {
  let base: any SingleValueDecodingContainer
  let recorder: TraceRecorder
  let path: [TraceScope]

  var codingPath: [any CodingKey] { base.codingPath }

  func decodeNil() -> Bool {
    let isNil = base.decodeNil()
    recorder.record(DecodingTrace.call("decodeNil"), result: String(isNil), in: path)
    return isNil
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: String.Type) throws -> String {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: Double.Type) throws -> Double {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: Float.Type) throws -> Float {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: Int.Type) throws -> Int {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: Int8.Type) throws -> Int8 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: Int16.Type) throws -> Int16 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: Int32.Type) throws -> Int32 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: Int64.Type) throws -> Int64 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: Int128.Type) throws -> Int128 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: UInt.Type) throws -> UInt {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: UInt8.Type) throws -> UInt8 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: UInt16.Type) throws -> UInt16 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: UInt32.Type) throws -> UInt32 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: UInt64.Type) throws -> UInt64 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }
  func decode(_ type: UInt128.Type) throws -> UInt128 {
    try recorder.leaf(call(type), in: path) { try base.decode(type) }
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try recorder.decodeValue(
      type, call: call(type), in: path,
      direct: { try base.decode(type) },
      traced: { try base.decode(TracedValue<T>.self) })
  }

  private func call(_ type: Any.Type) -> String {
    DecodingTrace.call("decode", type: TraceText.typeName(type))
  }
}
