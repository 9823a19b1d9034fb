import Foundation

/// A JSON array of records (the tutorials' `landmarkData.json`, what `export` writes for
/// landmarks and restaurants), decoded forgivingly as `LoanStore` decodes loans: an
/// element that fails is skipped and reported, so one bad record does not sink the file.
struct RecordArray<Element: Decodable>: Decodable {
  var elements: [Element]
  /// The elements that could not be decoded, with why (`[3]: 'name' is missing`).
  var skipped: [SkippedLoan]

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    var skipped: [SkippedLoan] = []
    elements.reserveCapacity(container.count ?? 0)
    while !container.isAtEnd {
      let index = container.currentIndex
      do {
        elements.append(try container.decode(Element.self))
      } catch let error as DecodingError {
        skipped.append(SkippedLoan(index: index, reason: DecodingErrorDescription(error).text))
        // A failed decode does not move the container on; step over the element.
        _ = try container.decode(StepOver.self)
      }
    }
    self.elements = elements
    self.skipped = skipped
  }
}

/// Decodes any JSON value and keeps nothing.
private struct StepOver: Decodable {
  init(from decoder: any Decoder) throws {}
}
