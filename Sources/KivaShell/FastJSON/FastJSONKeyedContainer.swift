import Foundation

/// A keyed container over one JSON object. It keeps no dictionary: each lookup finds the
/// key in the object's members (see `FastJSONValueDecoder.member(of:named:keyStrings:)`),
/// and a value is read only when it is asked for.
///
/// The standard library copies a keyed container at every call, so this one holds no
/// reference it would retain: it refers to its decoder and to its place (the object it
/// reads, which changes when the decoder hands the container out again: see
/// `FastJSONContainerReuse`) unretained, with a lease that says whether the decoder, and
/// so the place, still lives (see `FastJSONLease`). Every call checks the lease first.
struct FastJSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  private let decoder: Unmanaged<FastJSONValueDecoder>
  private let lease: FastJSONLease
  private let place: Unmanaged<FastJSONContainerPlace>

  @inline(__always)
  init(decoder: FastJSONValueDecoder, lease: FastJSONLease, place: FastJSONContainerPlace) {
    self.decoder = Unmanaged.passUnretained(decoder)
    self.lease = lease
    self.place = Unmanaged.passUnretained(place)
  }

  // Read only inside `withDecoder`, once the lease has said the place lives.
  private var object: UInt32 { place._withUnsafeGuaranteedRef { $0.object } }
  private var path: FastJSONPath { place._withUnsafeGuaranteedRef { $0.path } }
  /// The keys as `String`s, converted by the key strategy: nil on the fast path.
  private var keyStrings: [String]? { place._withUnsafeGuaranteedRef { $0.keyStrings } }

  /// Runs `body` with the decoder, or throws if it has gone.
  @inline(__always)
  private func withDecoder<R>(_ body: (FastJSONValueDecoder) throws -> R) throws -> R {
    guard lease.isLive else { throw FastJSONLease.ended }
    return try decoder._withUnsafeGuaranteedRef(body)
  }

  /// Like `withDecoder`, for calls that run a model's `init(from:)`: after the decoding
  /// (a model that kept this container and its decoder), that code could drop every
  /// other reference to the decoder while the decoder still has a frame to pop, so the
  /// call holds it then. During the decoding, the decoding holds it
  /// (`FastJSONValueDecoder.isHeldByDecoding`), and a retain here would cost 4%.
  @inline(__always)
  private func withDecoderHeld<R>(_ body: (FastJSONValueDecoder) throws -> R) throws -> R {
    guard lease.isLive else { throw FastJSONLease.ended }
    if decoder._withUnsafeGuaranteedRef({ $0.isHeldByDecoding }) {
      return try decoder._withUnsafeGuaranteedRef(body)
    }
    let decoder = decoder.takeUnretainedValue()
    return try withExtendedLifetime(decoder) { try body(decoder) }
  }

  var codingPath: [any CodingKey] {
    (try? withDecoder { $0.codingPath(path) }) ?? []
  }

  /// The distinct keys in document order (`JSONDecoder` gives them in hash order).
  var allKeys: [Key] {
    let strings =
      (try? withDecoder { decoder in
        keyStrings
          ?? (0..<decoder.memberCount(of: object)).compactMap {
            try? decoder.memberKeyString(of: object, at: $0)
          }
      }) ?? []
    var seen = Set<String>()
    return strings.compactMap { seen.insert($0).inserted ? Key(stringValue: $0) : nil }
  }

  func contains(_ key: Key) -> Bool {
    (try? withDecoder { find(key, $0) != nil }) ?? false
  }

  @inline(__always)
  private func find(_ key: Key, _ decoder: FastJSONValueDecoder) -> UInt32? {
    place._withUnsafeGuaranteedRef { place in
      if place.keyStrings == nil, FastJSONByteKeys.holds(Key.self) {
        let slot = place.byteKeys.slot(at: FastJSONByteKeys.byte(of: key))
        if let query = slot.pointee.entry.query {
          return decoder.plainMember(
            of: place.object, query: query, prediction: &slot.pointee.entry.prediction)
        }
        return decoder.unpreparedMember(of: place.object, slot: slot, name: key.stringValue)
      }
      return decoder.member(
        of: place.object, named: key.stringValue, keyStrings: place.keyStrings)
    }
  }

  @inline(__always)
  private func value(for key: Key, _ decoder: FastJSONValueDecoder) throws -> UInt32 {
    guard let value = find(key, decoder) else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: decoder.codingPath(path),
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return value
  }

  /// The value for `key` unless it is missing or null.
  @inline(__always)
  private func presentValue(for key: Key, _ decoder: FastJSONValueDecoder) -> UInt32? {
    guard let value = find(key, decoder), decoder.firstByte(of: value) != UInt8(ascii: "n")
    else {
      return nil
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try withDecoder { decoder in
      decoder.firstByte(of: try value(for: key, decoder)) == UInt8(ascii: "n")
    }
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try withDecoder { decoder in
      let value = try value(for: key, decoder)
      guard let bool = decoder.readBool(value) else {
        throw decoder.kindError(Bool.self, value, path, key)
      }
      return bool
    }
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try withDecoder { decoder in
      let value = try value(for: key, decoder)
      guard let string = try decoder.readString(value) else {
        throw decoder.kindError(String.self, value, path, key)
      }
      return string
    }
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try float(key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try float(key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try withDecoderHeld { decoder in
      try decoder.unwrap(try value(for: key, decoder), as: type, path: path, key: key)
    }
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try withDecoder { decoder in
      guard let value = presentValue(for: key, decoder) else { return nil }
      guard let bool = decoder.readBool(value) else {
        throw decoder.kindError(Bool.self, value, path, key)
      }
      return bool
    }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try withDecoder { decoder in
      guard let value = presentValue(for: key, decoder) else { return nil }
      guard let string = try decoder.readString(value) else {
        throw decoder.kindError(String.self, value, path, key)
      }
      return string
    }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try floatIfPresent(key)
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try floatIfPresent(key)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try integerIfPresent(key)
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try integerIfPresent(key)
  }

  // A loan's tags: see `FastJSONValueDecoder.keyedContainer`.
  @_specialize(where Key == Loan.CodingKeys, T == [Loan.Tag])
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try withDecoderHeld { decoder in
      guard let value = presentValue(for: key, decoder) else { return nil }
      return try decoder.unwrap(value, as: type, path: path, key: key)
    }
  }

  // Specialized for `Loan`'s nesting: see `FastJSONValueDecoder.keyedContainer`.
  @_specialize(where Key == Loan.CodingKeys, NestedKey == Loan.LocationKeys)
  @_specialize(where Key == Loan.LocationKeys, NestedKey == Loan.GeoKeys)
  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try withDecoder { decoder in
      let value = try value(for: key, decoder)
      return try decoder.keyedContainer(
        at: value, path: decoder.extend(path, with: key), keyedBy: type)
    }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try withDecoder { decoder in
      let value = try value(for: key, decoder)
      return try decoder.unkeyedContainer(at: value, path: decoder.extend(path, with: key))
    }
  }

  func superDecoder() throws -> any Decoder {
    try superDecoder(for: FastJSONStringKey.superKey)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try superDecoder(for: key)
  }

  /// A decoder for the value of `key`, or for `null` when it is missing.
  private func superDecoder(for key: some CodingKey) throws -> any Decoder {
    try withDecoder { decoder in
      let value =
        decoder.member(of: object, named: key.stringValue, keyStrings: keyStrings)
        ?? FastJSONTape.syntheticNull
      return decoder.superDecoder(value: value, path: decoder.codingPath(path) + [key])
    }
  }

  @inline(__always)
  func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
    try withDecoder { decoder in
      let value = try value(for: key, decoder)
      guard let integer = try decoder.readInteger(value, as: T.self) else {
        throw decoder.kindError(T.self, value, path, key)
      }
      return integer
    }
  }

  @inline(__always)
  private func float<T: BinaryFloatingPoint & LosslessStringConvertible>(_ key: Key) throws -> T {
    try withDecoder { decoder in
      let value = try value(for: key, decoder)
      guard let float = try decoder.readFloat(value, as: T.self) else {
        throw decoder.kindError(T.self, value, path, key)
      }
      return float
    }
  }

  @inline(__always)
  func integerIfPresent<T: FixedWidthInteger>(_ key: Key) throws -> T? {
    try withDecoder { decoder in
      guard let value = presentValue(for: key, decoder) else { return nil }
      guard let integer = try decoder.readInteger(value, as: T.self) else {
        throw decoder.kindError(T.self, value, path, key)
      }
      return integer
    }
  }

  @inline(__always)
  private func floatIfPresent<T: BinaryFloatingPoint & LosslessStringConvertible>(_ key: Key)
    throws -> T?
  {
    try withDecoder { decoder in
      guard let value = presentValue(for: key, decoder) else { return nil }
      guard let float = try decoder.readFloat(value, as: T.self) else {
        throw decoder.kindError(T.self, value, path, key)
      }
      return float
    }
  }
}
