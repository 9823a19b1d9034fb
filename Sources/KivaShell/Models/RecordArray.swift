import Foundation

/// A JSON array of records (the tutorials' `landmarkData.json`, what `export` writes for
/// landmarks and restaurants, a response's loans), decoded forgivingly: an element that
/// fails is skipped and reported, so one bad record does not sink the file. A value the
/// decoder cannot read at all (`2.5` for an `Int`), which it throws no `DecodingError`
/// for, is named by the element's type when it is `DecodingRefusalExplaining`.
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
        let choices = (Element.self as? any RecordFieldChoices.Type)?.choices(forKey:)
        let reason = DecodingErrorDescription(error, choices: choices ?? { _ in nil }).text
        skipped.append(SkippedLoan(index: index, reason: reason))
        // A failed decode does not move the container on; step over the element.
        _ = try container.decode(StepOver.self)
      } catch {
        guard let explaining = Element.self as? any DecodingRefusalExplaining.Type else {
          throw error
        }
        // Reading the element's answer steps over it.
        let refusal = try Self.refusal(of: explaining, in: &container)
        skipped.append(SkippedLoan(index: index, reason: DecodingErrorDescription(refusal).text))
      }
    }
    self.elements = elements
    self.skipped = skipped
  }

  /// Which value of the element at the container's position `type` says was refused.
  private static func refusal<Explaining: DecodingRefusalExplaining>(
    of type: Explaining.Type, in container: inout any UnkeyedDecodingContainer
  ) throws -> DecodingError {
    try container.decode(RefusalProbe<Explaining>.self).error
  }
}

/// A record some of whose fields take only certain strings (an enum's raw values), which
/// the reason a record was skipped lists when its value is none of them.
protocol RecordFieldChoices {
  /// The strings the field with JSON key `key` takes, in order; nil when it takes any.
  static func choices(forKey key: String) -> [String]?
}

/// Decodes any JSON value and keeps nothing.
private struct StepOver: Decodable {
  init(from decoder: any Decoder) throws {}
}
