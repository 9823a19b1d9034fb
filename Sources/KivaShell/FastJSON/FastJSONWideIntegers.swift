/// `Int128` and `UInt128`, which `JSONDecoder` decodes like the other integers (the
/// containers' default implementations would throw "not implemented").
extension FastJSONKeyedContainer {
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }

  func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
    try integerIfPresent(key)
  }

  func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
    try integerIfPresent(key)
  }
}

extension FastJSONUnkeyedContainer {
  mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeInteger(type) }
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeInteger(type) }

  mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? {
    try decodeIntegerIfPresent(type)
  }

  mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? {
    try decodeIntegerIfPresent(type)
  }
}

extension FastJSONValueDecoder {
  func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
  func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }
}
