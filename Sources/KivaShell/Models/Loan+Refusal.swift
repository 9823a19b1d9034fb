import Foundation

extension Loan: DecodingRefusalExplaining {
  /// The loan's values read again one by one, in the order `init(from:)` reads them: the
  /// first that fails with an error other than a `DecodingError` is the value refused.
  public static func explainRefusal(from decoder: any Decoder) -> DecodingError {
    guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
      return .unreadableValue(at: decoder.codingPath)
    }
    let order: [(CodingKeys, Kind)] = [
      (.id, .int), (.name, .string), (.use, .string), (.amount, .int), (.sector, .string),
      (.activity, .string), (.status, .string), (.fundedAmount, .int), (.basketAmount, .int),
      (.borrowerCount, .int), (.lenderCount, .int), (.partnerID, .int), (.themes, .strings),
      (.theme, .string),
    ]
    for (key, kind) in order {
      if let refused = refusal(of: kind, in: container, forKey: key) { return refused }
    }
    if let refused = tagRefusal(in: container) { return refused }
    if let location = try? container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
    {
      for key in [LocationKeys.country, .countryCode, .town] {
        if let refused = refusal(of: .string, in: location, forKey: key) { return refused }
      }
      if let geo = try? location.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo),
        let refused = refusal(of: .string, in: geo, forKey: .pairs)
      {
        return refused
      }
    }
    return .unreadableValue(at: decoder.codingPath)
  }

  /// What a value is read as.
  private enum Kind {
    case int, string, strings
  }

  /// Why the value under `key` is refused, or nil when it reads (or fails as a
  /// `DecodingError`, which is not a refusal).
  private static func refusal<Key: CodingKey>(
    of kind: Kind, in container: KeyedDecodingContainer<Key>, forKey key: Key
  ) -> DecodingError? {
    let path = container.codingPath + [key]
    switch kind {
    case .int:
      guard refuses({ try container.decodeIfPresent(Int.self, forKey: key) }) else { return nil }
      let number = try? container.decodeIfPresent(Double.self, forKey: key)
      let decimal = try? container.decodeIfPresent(Decimal.self, forKey: key)
      return .numberDoesNotFit(number ?? nil, decimal: decimal ?? nil, "Int", at: path)
    case .string:
      guard refuses({ try container.decodeIfPresent(String.self, forKey: key) }) else { return nil }
      return stringRefused(at: path)
    case .strings:
      guard refuses({ try container.decodeIfPresent([String].self, forKey: key) }) else {
        return nil
      }
      return stringRefused(at: path)
    }
  }

  /// Why a tag's name is refused, at `tags[i].name`, or nil.
  private static func tagRefusal(in container: KeyedDecodingContainer<CodingKeys>)
    -> DecodingError?
  {
    guard var tags = try? container.nestedUnkeyedContainer(forKey: .tags) else { return nil }
    while !tags.isAtEnd {
      // A tag that is no object fails as a DecodingError, and stops the walk.
      guard let tag = try? tags.nestedContainer(keyedBy: Tag.CodingKeys.self) else { return nil }
      if let refused = refusal(of: .string, in: tag, forKey: .name) { return refused }
    }
    return nil
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
