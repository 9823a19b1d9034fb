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
  /// The coding path of frame 0: empty, or where a `superDecoder` was taken.
  let rootPath: [any CodingKey]
  /// The tape index of the value being decoded.
  @exclusivity(unchecked) var value: UInt32
  /// Values being decoded, outermost first; frame 0 is the root.
  @exclusivity(unchecked) var frames: [FastJSONFrame]
  @exclusivity(unchecked) private var nextSerial: UInt32 = 1

  init(
    document: FastJSONDocument, options: FastJSONOptions, rootPath: [any CodingKey], value: UInt32
  ) {
    self.document = document
    self.options = options
    self.rootPath = rootPath
    self.value = value
    let root = FastJSONPath(frame: 0, serial: 0, tail: nil)
    frames = [FastJSONFrame(parent: root, leaf: nil, serial: 0, savedValue: value)]
    frames.reserveCapacity(16)
  }

  /// The path of the value being decoded.
  var currentPath: FastJSONPath {
    let top = frames.count - 1
    return FastJSONPath(frame: Int32(truncatingIfNeeded: top), serial: frames[top].serial)
  }

  /// Runs `body` with `value` as the value being decoded, at `parent` + `leaf`.
  @inline(__always)
  func withFrame<R>(
    value: UInt32, parent: FastJSONPath, leaf: any CodingKey, _ body: () throws -> R
  ) rethrows -> R {
    let serial = nextSerial
    nextSerial &+= 1
    frames.append(FastJSONFrame(parent: parent, leaf: leaf, serial: serial, savedValue: self.value))
    self.value = value
    defer {
      self.value = frames.removeLast().savedValue
    }
    return try body()
  }
}

extension FastJSONPath {
  init(frame: Int32, serial: UInt32) {
    self.init(frame: frame, serial: serial, tail: nil)
  }
}

extension FastJSONValueDecoder: Decoder {
  var codingPath: [any CodingKey] { codingPath(currentPath) }
  var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

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
    return KeyedDecodingContainer(
      try FastJSONKeyedContainer<Key>(decoder: self, object: value, path: path))
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
  func superDecoder(value: UInt32, path: [any CodingKey]) -> FastJSONValueDecoder {
    FastJSONValueDecoder(document: document, options: options, rootPath: path, value: value)
  }
}

extension FastJSONValueDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { firstByte(of: value) == UInt8(ascii: "n") }

  func decode(_ type: Bool.Type) throws -> Bool {
    try unwrapBool(value, path: currentPath, key: FastJSONIndexKey?.none)
  }

  func decode(_ type: String.Type) throws -> String {
    try unwrapString(value, path: currentPath, key: FastJSONIndexKey?.none)
  }

  func decode(_ type: Double.Type) throws -> Double { try floatingPoint() }
  func decode(_ type: Float.Type) throws -> Float { try floatingPoint() }
  func decode(_ type: Int.Type) throws -> Int { try integer() }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try unwrap(value, as: type, path: currentPath, key: FastJSONIndexKey?.none)
  }

  private func integer<T: FixedWidthInteger>() throws -> T {
    try unwrapInteger(value, as: T.self, path: currentPath, key: FastJSONIndexKey?.none)
  }

  private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>() throws -> T {
    try unwrapFloatingPoint(value, as: T.self, path: currentPath, key: FastJSONIndexKey?.none)
  }
}
