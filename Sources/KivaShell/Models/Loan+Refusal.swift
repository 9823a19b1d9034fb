import Foundation

extension Loan: DecodingRefusalExplaining {
  /// The loan's whole numbers, then its strings, read again one by one: the first that
  /// fails with an error other than a `DecodingError` is the value refused.
  public static func explainRefusal(from decoder: any Decoder) -> DecodingError {
    guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
      return .unreadableValue(at: decoder.codingPath)
    }
    let wholeNumbers: [CodingKeys] = [
      .id, .amount, .fundedAmount, .basketAmount, .borrowerCount, .lenderCount, .partnerID,
    ]
    for key in wholeNumbers where refuses({ try container.decodeIfPresent(Int.self, forKey: key) })
    {
      let number = try? container.decodeIfPresent(Double.self, forKey: key)
      return .numberDoesNotFit(number ?? nil, "Int", at: container.codingPath + [key])
    }
    let strings: [CodingKeys] = [.name, .use, .sector, .activity, .status, .theme]
    for key in strings where refuses({ try container.decodeIfPresent(String.self, forKey: key) }) {
      return stringRefused(at: container.codingPath + [key])
    }
    if refuses({ try container.decodeIfPresent([String].self, forKey: .themes) }) {
      return stringRefused(at: container.codingPath + [CodingKeys.themes])
    }
    if let location = try? container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
    {
      for key in [LocationKeys.country, .countryCode, .town]
      where refuses({ try location.decodeIfPresent(String.self, forKey: key) }) {
        return stringRefused(at: location.codingPath + [key])
      }
    }
    return .unreadableValue(at: decoder.codingPath)
  }

  /// Whether `read` fails with an error that is not a `DecodingError`.
  private static func refuses(_ read: () throws -> Any?) -> Bool {
    do {
      _ = try read()
      return false
    } catch is DecodingError {
      return false
    } catch {
      return true
    }
  }

  private static func stringRefused(at codingPath: [any CodingKey]) -> DecodingError {
    .dataCorrupted(
      .init(
        codingPath: codingPath,
        debugDescription: "a string escape that is not text (half a \\u surrogate pair?)"))
  }
}
