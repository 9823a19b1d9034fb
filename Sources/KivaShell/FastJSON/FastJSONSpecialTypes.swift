import Foundation

/// The types `JSONDecoder` decodes itself rather than through their `init(from:)`.
extension FastJSONValueDecoder {
  /// `framed`: as in `unwrap(_:as:path:key:framed:)`.
  func unwrapDate(
    _ value: UInt32, path: FastJSONPath, key: (any CodingKey)?, framed: Bool = false
  ) throws -> Date {
    if firstByte(of: value) == UInt8(ascii: "n") { throw valueNotFound(Date.self, path, key) }
    switch options.dateStrategy {
    case .deferredToDate:
      if key == nil && !framed { return try Date(from: self) }
      return try withFrame(value: value, parent: path, leaf: key) { try Date(from: self) }
    case .secondsSince1970:
      return Date(
        timeIntervalSince1970: try unwrapFloat(value, as: Double.self, path: path, key: key)
      )
    case .millisecondsSince1970:
      let milliseconds = try unwrapFloat(value, as: Double.self, path: path, key: key)
      return Date(timeIntervalSince1970: milliseconds / 1000)
    case .iso8601:
      guard firstByte(of: value) == FastJSONByte.quote else {
        throw typeMismatch(String.self, value, path, key)
      }
      let bytes = document.bytes
      let start = offset(of: value) + 1
      let scan = try document.stringEnd(of: value)
      let date: Date?
      if scan.isPlainASCII {
        date = FastJSONDates.iso8601(bytes, start: start, count: scan.end - start) {
          String(
            decoding: UnsafeBufferPointer(start: bytes + start, count: scan.end - start),
            as: UTF8.self)
        }
      } else {
        let string = try unwrapString(value, path: path, key: key)
        date = try? Date.ISO8601FormatStyle().parse(string)
      }
      guard let date else {
        // Foundation reports the decoder's path here, without the container's key.
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: codingPath(currentPath),
            debugDescription: "Expected date string to be ISO8601-formatted."))
      }
      return date
    }
  }

  /// `Data` as base64, `JSONDecoder`'s default data strategy.
  func unwrapData(_ value: UInt32, path: FastJSONPath, key: (any CodingKey)?) throws -> Data {
    if firstByte(of: value) == UInt8(ascii: "n") { throw valueNotFound(Data.self, path, key) }
    let string = try unwrapString(value, path: path, key: key)
    guard let data = Data(base64Encoded: string) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: errorPath(path, key),
          debugDescription: "Encountered Data is not valid Base64."))
    }
    return data
  }

  func unwrapURL(_ value: UInt32, path: FastJSONPath, key: (any CodingKey)?) throws -> URL {
    if firstByte(of: value) == UInt8(ascii: "n") { throw valueNotFound(URL.self, path, key) }
    let string = try unwrapString(value, path: path, key: key)
    guard let url = URL(string: string) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: errorPath(path, key), debugDescription: "Invalid URL string."))
    }
    return url
  }

  func unwrapDecimal(_ value: UInt32, path: FastJSONPath, key: (any CodingKey)?) throws -> Decimal {
    let byte = firstByte(of: value)
    if byte == UInt8(ascii: "n") { throw valueNotFound(Decimal.self, path, key) }
    guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
      throw DecodingError.typeMismatch(
        Decimal.self, .init(codingPath: errorPath(path, key), debugDescription: ""))
    }
    let start = offset(of: value)
    let end = FastJSONNumberText.end(of: document.bytes, count: document.count, from: start + 1)
    let text = UnsafeBufferPointer(start: document.bytes + start, count: end - start)
    guard FastJSONNumbers.prevalidate(text), FastJSONDecimalText(text) != nil,
      let decimal = Decimal(string: String(decoding: text, as: UTF8.self))
    else { throw FastJSONInvalid() }
    return decimal
  }

  /// A `[String: …]` under a key strategy: `JSONDecoder` leaves its keys unconverted.
  func unwrapDictionary(
    _ value: UInt32, as type: any FastJSONStringDictionary.Type, path: FastJSONPath,
    key: (any CodingKey)?
  ) throws -> any FastJSONStringDictionary {
    let byte = firstByte(of: value)
    guard byte == FastJSONByte.openBrace else {
      if byte == UInt8(ascii: "n") { throw valueNotFound([String: Any].self, path, key) }
      throw typeMismatch([String: Any].self, value, path, key)
    }
    let dictionaryPath = key.map { extend(path, with: $0) } ?? path
    return try type.decodeFastJSON(from: self, object: value, path: dictionaryPath)
  }

  /// How many members the object at `object` has.
  @inline(__always)
  func memberCount(of object: UInt32) -> Int {
    Int(document.tape[Int(object) + 1])
  }

  /// The tape index of the key of member `index` of `object`; its value follows it.
  @inline(__always)
  func memberKey(of object: UInt32, at index: Int) -> UInt32 {
    document.members[Int(document.tape[Int(object) + 3]) + index]
  }

  /// The decoded (unconverted) key of member `index` of `object`.
  func memberKeyString(of object: UInt32, at index: Int) throws(FastJSONInvalid) -> String {
    let key = memberKey(of: object, at: index)
    return try FastJSONStrings.string(
      bytes: document.bytes, count: document.count, quote: offset(of: key),
      cache: scratch.strings)
  }
}

/// `[String: Value]`, which a key strategy leaves alone.
protocol FastJSONStringDictionary {
  static func decodeFastJSON(from decoder: FastJSONValueDecoder, object: UInt32, path: FastJSONPath)
    throws -> Self
}

extension Dictionary: FastJSONStringDictionary where Key == String, Value: Decodable {
  static func decodeFastJSON(from decoder: FastJSONValueDecoder, object: UInt32, path: FastJSONPath)
    throws -> Self
  {
    var result: [String: Value] = [:]
    for index in 0..<decoder.memberCount(of: object) {
      let key = try decoder.memberKeyString(of: object, at: index)
      let value = try decoder.unwrap(
        decoder.memberKey(of: object, at: index) + 1, as: Value.self, path: path,
        key: FastJSONStringKey(key))
      if result[key] == nil { result[key] = value }
    }
    return result
  }
}
