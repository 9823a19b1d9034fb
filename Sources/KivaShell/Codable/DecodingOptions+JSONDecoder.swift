import Foundation

extension DecodingOptions {
  /// A `JSONDecoder` with these key and date strategies.
  public func makeJSONDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    switch keyStrategy {
    case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
    case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
    }
    switch dateStrategy {
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    }
    return decoder
  }
}
