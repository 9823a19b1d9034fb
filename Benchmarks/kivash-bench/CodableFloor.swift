import Foundation
import KivaShell

/// What `Loan.init(from:)` costs with a decoder that reads nothing: every call of the
/// `Decoder` protocols answered at once with a fixed value (a small string, 0, one
/// element per array, every key present), containers made once and handed out again.
/// Any decoder of this model through the `Decoder` protocols does this much before it
/// reads a byte (one specialized for the model's key types skips the runtime's metadata
/// lookup for each container, a few percent of it): the floor under the decode times
/// beside it.
enum CodableFloor {
  /// Decodes `count` loans from nothing, on one core.
  static func decodeLoans(count: Int) throws -> [Loan] {
    let decoder = NothingDecoder()
    var loans: [Loan] = []
    loans.reserveCapacity(count)
    for _ in 0..<count { loans.append(try Loan(from: decoder)) }
    return loans
  }
}

private final class NothingDecoder: Decoder {
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// One container per key type, made the first time: a `KeyedDecodingContainer` is one
  /// reference to its box (as `FastJSONContainerReuse` relies on), kept as that.
  private var containers: [(type: ObjectIdentifier, box: AnyObject)] = []
  /// What a date or a list of strings decodes to, made once.
  static let date = Date(timeIntervalSince1970: 0)
  static let strings = ["x"]

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size else {
      return KeyedDecodingContainer(NothingKeyedContainer<Key>(decoder: self))
    }
    let key = ObjectIdentifier(type)
    for entry in containers where entry.type == key {
      return unsafeBitCast(entry.box, to: KeyedDecodingContainer<Key>.self)
    }
    let made = KeyedDecodingContainer(NothingKeyedContainer<Key>(decoder: self))
    containers.append((key, unsafeBitCast(made, to: AnyObject.self)))
    return made
  }

  /// Any other value: dates and lists of strings straight away (as the fast decoder and
  /// `JSONDecoder` treat them), anything else through its `init(from:)`.
  func value<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == Date.self { return unsafeBitCast(Self.date, to: T.self) }
    if T.self == [String].self { return unsafeBitCast(Self.strings, to: T.self) }
    return try T(from: self)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    NothingUnkeyedContainer(decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    NothingValue()
  }
}

private struct NothingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  unowned(unsafe) let decoder: NothingDecoder
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }
  func contains(_ key: Key) -> Bool { true }
  func decodeNil(forKey key: Key) throws -> Bool { false }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { false }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { "x" }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { 0 }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { 0 }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { 0 }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { 0 }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { 0 }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { 0 }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { 0 }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { 0 }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { 0 }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { 0 }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { 0 }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { 0 }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { "x" }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { 0 }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.value(type)
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try decoder.value(type)
  }
  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try decoder.container(keyedBy: type)
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    NothingUnkeyedContainer(decoder: decoder)
  }
  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

/// An array of one element.
private struct NothingUnkeyedContainer: UnkeyedDecodingContainer {
  unowned(unsafe) let decoder: NothingDecoder
  var codingPath: [any CodingKey] { [] }
  var count: Int? { 1 }
  var currentIndex = 0
  var isAtEnd: Bool { currentIndex >= 1 }

  init(decoder: NothingDecoder) {
    self.decoder = decoder
  }

  mutating func decodeNil() throws -> Bool { false }
  mutating func decode(_ type: Bool.Type) throws -> Bool { false }
  mutating func decode(_ type: Double.Type) throws -> Double { 0 }
  mutating func decode(_ type: Int.Type) throws -> Int { 0 }
  mutating func decode(_ type: Float.Type) throws -> Float { 0 }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { 0 }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { 0 }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { 0 }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { 0 }
  mutating func decode(_ type: UInt.Type) throws -> UInt { 0 }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { 0 }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { 0 }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { 0 }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { 0 }
  mutating func decode(_ type: String.Type) throws -> String {
    currentIndex += 1
    return "x"
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    currentIndex += 1
    return try decoder.value(type)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    currentIndex += 1
    return try decoder.container(keyedBy: type)
  }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    currentIndex += 1
    return NothingUnkeyedContainer(decoder: decoder)
  }
  mutating func superDecoder() throws -> any Decoder {
    currentIndex += 1
    return decoder
  }
}

/// A date (`Date.init(from:)` asks for a `Double`).
private struct NothingValue: SingleValueDecodingContainer {
  var codingPath: [any CodingKey] { [] }
  func decodeNil() -> Bool { false }
  func decode(_ type: Bool.Type) throws -> Bool { false }
  func decode(_ type: String.Type) throws -> String { "x" }
  func decode(_ type: Double.Type) throws -> Double { 0 }
  func decode(_ type: Int.Type) throws -> Int { 0 }
  func decode(_ type: Float.Type) throws -> Float { 0 }
  func decode(_ type: Int8.Type) throws -> Int8 { 0 }
  func decode(_ type: Int16.Type) throws -> Int16 { 0 }
  func decode(_ type: Int32.Type) throws -> Int32 { 0 }
  func decode(_ type: Int64.Type) throws -> Int64 { 0 }
  func decode(_ type: UInt.Type) throws -> UInt { 0 }
  func decode(_ type: UInt8.Type) throws -> UInt8 { 0 }
  func decode(_ type: UInt16.Type) throws -> UInt16 { 0 }
  func decode(_ type: UInt32.Type) throws -> UInt32 { 0 }
  func decode(_ type: UInt64.Type) throws -> UInt64 { 0 }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    throw DecodingError.typeMismatch(
      type, .init(codingPath: [], debugDescription: "nothing to decode"))
  }
}
