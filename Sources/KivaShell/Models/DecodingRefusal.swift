import Foundation

/// A `Decodable` type that can say which of its values a decoder refused.
///
/// `JSONDecoder` cannot read some valid JSON as a Swift value — `2.5` or
/// `99999999999999999999` as an `Int`, a `\u` escape of half a surrogate pair as a
/// `String` — and throws an error that is not a `DecodingError` for it: the whole
/// document then fails as "not valid JSON", with no coding path. A collection that skips
/// the elements it cannot decode (`RecordArray`, the loans of a `LoanStore`) asks the
/// element's type instead, with a decoder for the same element, and skips it with the
/// answer.
public protocol DecodingRefusalExplaining: Decodable {
  /// Which value of the element `decoder` reads could not be read, and why, as
  /// `DecodingError.dataCorrupted` at that value's coding path; at the element's own path
  /// when no value can be named.
  static func explainRefusal(from decoder: any Decoder) -> DecodingError
}

/// Decodes nothing, only asks `Element` which of its values could not be read: decoding
/// it never throws, so it also steps an unkeyed container over the element.
struct RefusalProbe<Element: DecodingRefusalExplaining>: Decodable {
  let error: DecodingError

  init(from decoder: any Decoder) {
    error = Element.explainRefusal(from: decoder)
  }
}

extension DecodingError {
  /// The reason for a value a decoder refused when no value can be named.
  static func unreadableValue(at codingPath: [any CodingKey]) -> DecodingError {
    .dataCorrupted(
      .init(
        codingPath: codingPath,
        debugDescription:
          "a value cannot be read as Swift asks (a number that does not fit its type, or "
          + "a string escape that is not text)"))
  }

  /// The reason for a number that does not fit the integer type `type`: its text as
  /// `Decimal` reads it (38 digits, so `9223372036854775807.5` keeps its fraction), else
  /// as `Double` reads it, or neither when no number type holds it.
  static func numberDoesNotFit(
    _ number: Double?, decimal: Decimal? = nil, _ type: String, at codingPath: [any CodingKey]
  ) -> DecodingError {
    let reason: String
    if let decimal, decimal.isFinite, !decimal.isWhole {
      reason = "\(decimal) is not a whole number, and \(type) takes only whole numbers"
    } else if decimal == nil, let number, number.isFinite, number.rounded(.towardZero) != number {
      reason = "\(number) is not a whole number, and \(type) takes only whole numbers"
    } else if let number, number.isFinite {
      reason = "a whole number beyond \(type) (\(Int.min)…\(Int.max))"
    } else {
      reason = "a number beyond any Swift number type"
    }
    return .dataCorrupted(.init(codingPath: codingPath, debugDescription: reason))
  }
}

extension Decimal {
  /// Whether the number has no fraction.
  fileprivate var isWhole: Bool {
    var value = self
    var whole = Decimal()
    NSDecimalRound(&whole, &value, 0, .down)
    return whole == self
  }
}
