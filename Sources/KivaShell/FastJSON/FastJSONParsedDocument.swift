import Foundation

extension FastJSONDecoder {
  /// Indexes `data` once and hands the document to `body`, which may decode several
  /// parts of it (see `FastJSONParsedDocument`) without indexing the bytes again.
  ///
  /// - Returns: what `body` returns; nil when the input is too large to index (4 GB or
  ///   more), in which case `body` is not run.
  /// - Throws: what `body` throws; `DecodingError.dataCorrupted` with an empty coding
  ///   path when the data is not valid JSON, as `decode(_:from:)` does.
  public func withDocument<R>(_ data: Data, _ body: (FastJSONParsedDocument) throws -> R)
    throws -> R?
  {
    try data.withUnsafeBytes { raw in try withDocument(raw: raw, body) }
  }

  /// `withDocument(_:_:)` for bytes in an array.
  func withDocument<R>(_ bytes: [UInt8], _ body: (FastJSONParsedDocument) throws -> R)
    throws -> R?
  {
    try bytes.withUnsafeBytes { raw in try withDocument(raw: raw, body) }
  }

  private func withDocument<R>(
    raw: UnsafeRawBufferPointer, _ body: (FastJSONParsedDocument) throws -> R
  ) throws -> R? {
    guard raw.count < Int(UInt32.max) else { return nil }
    let options = options
    do {
      return try FastJSONEncoding.withUTF8(raw) { bytes, count in
        try withScannedDocument(bytes: bytes, count: count) { document in
          try body(FastJSONParsedDocument(document: document, options: options))
        }
      }
    } catch let error as FastJSONInvalid {
      if error.isTooLarge { return nil }
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The given data was not valid JSON."))
    }
  }
}

/// A JSON document indexed by `FastJSONDecoder.withDocument(_:_:)`, valid during that
/// call: decode the whole of it, or a member of its top-level object, or each element
/// of an array in it on several threads.
public struct FastJSONParsedDocument {
  let document: FastJSONDocument
  let options: FastJSONOptions

  /// Decodes the whole document as `type`, exactly as `FastJSONDecoder.decode` does.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let decoder = FastJSONValueDecoder(document: document, options: options, rootPath: [], value: 0)
    return try decoder.whileHeld {
      try decoder.unwrap(0, as: type, path: decoder.currentPath, key: nil)
    }
  }

  /// Decodes the member `key` of the top-level object as `type`, with the coding path
  /// `[key]` in errors; nil when the document is not an object or has no such member.
  public func decode<T: Decodable>(_ type: T.Type, forKey key: some CodingKey) throws -> T? {
    let decoder = FastJSONValueDecoder(document: document, options: options, rootPath: [], value: 0)
    guard let value = try member(key, of: decoder) else { return nil }
    return try decoder.whileHeld {
      try decoder.unwrap(value, as: type, path: decoder.currentPath, key: key)
    }
  }

  /// Whether the top-level object has a member `key`; false when the document is not an
  /// object.
  ///
  /// - Throws: what a keyed container of the top-level object would throw on creation:
  ///   a key that cannot be read fails here whether or not it is the one asked for.
  public func contains(_ key: some CodingKey) throws -> Bool {
    let decoder = FastJSONValueDecoder(document: document, options: options, rootPath: [], value: 0)
    return try member(key, of: decoder) != nil
  }

  /// The tape index of the member `key` of the top-level object; nil when the document
  /// is not an object or has no such member.
  func member(_ key: some CodingKey, of decoder: FastJSONValueDecoder) throws -> UInt32? {
    guard decoder.firstByte(of: 0) == FastJSONByte.openBrace else { return nil }
    let keyStrings = try decoder.keyStrings(of: 0)
    return decoder.member(of: 0, named: key.stringValue, keyStrings: keyStrings)
  }
}

extension FastJSONDecoder {
  /// Decodes the elements a piece of an array completed into `slots`, element i into
  /// `slots[i]`, as `FastJSONParsedDocument.decodeElements(into:count:asElementsAt:from:)`
  /// does; `path` is the array's coding path.
  ///
  /// - Returns: how many elements decoded and the failures; nil when the elements were
  ///   decoded already.
  func decodeElements<Element: Decodable & Sendable>(
    _ elements: FastJSONArrayPieces.Elements, into slots: UnsafeMutablePointer<Element>,
    asElementsAt path: [any CodingKey]
  ) throws -> (decoded: Int, failures: [(index: Int, error: DecodingError)])? {
    guard var document = elements.takeDocument() else { return nil }
    defer { FastJSONDocument.endUseOfBytes(&document) }
    return try FastJSONParsedDocument(document: document, options: options).decodeElements(
      into: slots, count: elements.count, asElementsAt: path, from: elements.firstIndex)
  }
}
