import Foundation

/// Decodes JSON like Foundation's JSONDecoder, from a structural index over the bytes.
///
/// It runs the same `Decodable` types (the same `init(from:)` code) and gives the same
/// values, and the same `DecodingError` kinds, coding paths and messages, as a
/// `JSONDecoder` with the same strategies, including its leniencies: trailing commas are
/// accepted, and a malformed string or number is an error only if it is decoded. It is
/// many times faster on large inputs because it first indexes the whole input in one pass
/// (see `FastJSONScanner`), then decodes values straight from the bytes, only those asked
/// for, without building dictionaries of keys.
///
/// Differences: `allKeys` lists keys in document order rather than in hash order. A keyed
/// container kept after `decode` returns works only while the `Decoder` it came from is
/// kept too; kept alone, it throws `DecodingError.dataCorrupted` (see `FastJSONLease`).
/// A key type of at most one plain byte (a `CodingKeys` enum) is asked for each key's
/// `stringValue` once per decoding: names that change meanwhile are not seen (see
/// `FastJSONByteKeys`). Quirks are copied: like `JSONDecoder`, it refuses a lone `0` with a one-digit exponent
/// other than 0 (`0e1`) as a `Double`. Inputs of 4 GB or more are handed to `JSONDecoder`.
public struct FastJSONDecoder: Sendable {
  /// How `Date`s are decoded; the same as `JSONDecoder.DateDecodingStrategy`'s cases.
  public enum DateStrategy: Sendable {
    /// `Date`'s own `init(from:)`: seconds since 2001 as a number.
    case deferredToDate
    /// An ISO 8601 string, read as `Date.ISO8601FormatStyle()` reads it.
    case iso8601
    /// A number of seconds since 1970.
    case secondsSince1970
    /// A number of milliseconds since 1970.
    case millisecondsSince1970
  }

  /// How JSON keys are matched with coding keys.
  public enum KeyStrategy: Sendable {
    /// Keys as they are.
    case useDefaultKeys
    /// `snake_case` JSON keys match `camelCase` coding keys, as with `JSONDecoder`.
    case convertFromSnakeCase
  }

  /// How `Date`s are decoded; `.deferredToDate` by default.
  public var dateDecodingStrategy: DateStrategy = .deferredToDate
  /// How keys are matched; `.useDefaultKeys` by default.
  public var keyDecodingStrategy: KeyStrategy = .useDefaultKeys
  /// Values `init(from:)` implementations can read from `Decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Creates a decoder with the default strategies.
  public init() {}

  /// Decodes a value of `type` from JSON `data`.
  ///
  /// - Throws: `DecodingError`, as `JSONDecoder` would; `dataCorrupted` with an empty
  ///   coding path when the data is not valid JSON.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    guard let value = try withDocument(data, { try $0.decode(type) }) else {
      // Too large for the index's 32-bit offsets.
      return try foundationDecoder().decode(type, from: data)
    }
    return value
  }

  /// Indexes the bytes and runs `body` on the document.
  func withScannedDocument<R>(
    bytes: UnsafePointer<UInt8>, count: Int, _ body: (FastJSONDocument) throws -> R
  ) throws -> R {
    // Offsets into the bytes are `UInt32`s (UTF-16 input grows when converted).
    guard count < Int(UInt32.max) else { throw FastJSONInvalid(isTooLarge: true) }
    var scanner = FastJSONScanner(bytes: bytes, count: count)
    defer { scanner.freeScratch() }
    do {
      try scanner.scan()
    } catch {
      scanner.tape.free()
      scanner.members.free()
      throw error
    }
    var document = FastJSONDocument(
      bytes: bytes, count: count, tape: scanner.tape, members: scanner.members)
    defer { FastJSONDocument.endUseOfBytes(&document) }
    return try body(document)
  }

  /// The strategies of this decoder, for one decoding.
  var options: FastJSONOptions {
    FastJSONOptions(
      dateStrategy: dateDecodingStrategy, keyStrategy: keyDecodingStrategy,
      userInfo: userInfo.mapValues { $0 as Any })
  }

  /// A `JSONDecoder` with the same settings, for inputs too large to index.
  private func foundationDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.userInfo = userInfo
    switch dateDecodingStrategy {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
    }
    switch keyDecodingStrategy {
    case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
    case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
    }
    return decoder
  }
}
