/// `[Element]` decoded straight from the index: what `Array.init(from:)` does through an
/// unkeyed container (one element after another, each at its index in the coding path),
/// without boxing the container or growing the array as it goes.
protocol FastJSONDecodableArray {
  /// Decodes the array `array`, the value of the current frame, as `Result` (which is
  /// `Self`).
  static func decodeFastJSON<Result>(
    from decoder: FastJSONValueDecoder, array: UInt32, as result: Result.Type
  ) throws -> Result
}

extension Array: FastJSONDecodableArray where Element: Decodable {
  // A loan's tags: see `FastJSONValueDecoder.keyedContainer`.
  @_specialize(where Element == Loan.Tag, Result == [Loan.Tag])
  static func decodeFastJSON<Result>(
    from decoder: FastJSONValueDecoder, array: UInt32, as result: Result.Type
  ) throws -> Result {
    let tape = decoder.document.tape
    let count = Int(tape[Int(array) + 1])
    let path = decoder.currentPath
    var elements: [Element] = []
    elements.reserveCapacity(count)
    var cursor = array + UInt32(FastJSONTape.arrayWords)
    for index in 0..<count {
      elements.append(
        try decoder.unwrap(cursor, as: Element.self, elementAt: index, of: path))
      cursor = decoder.document.index(after: cursor)
    }
    // `Result` is `Self`: the caller found this conformance on `Result`'s metatype.
    return unsafeBitCast(elements, to: Result.self)
  }
}
