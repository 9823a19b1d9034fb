import Foundation

/// What `set` shows and changes.
public struct Settings: Equatable, Sendable {
  /// The endpoint `fetch --live` reads: Kiva's newest loans unless `KIVASH_API` or
  /// `set api URL` says otherwise.
  public var api: URL

  /// Kiva's `loans/newest.json`.
  public static let defaultAPI = URL(string: "https://api.kivaws.org/v1/loans/newest.json")

  /// Which JSON decoder reads loans.
  public enum Decoder: String, CaseIterable, Sendable {
    /// kivash's own, over a structural index of the bytes.
    case fast
    /// Foundation's `JSONDecoder`, for comparison.
    case foundation
  }

  /// Which JSON decoder reads loans (`--decoder`, `set decoder`).
  public var decoder = Decoder.fast

  /// Settings from the environment.
  public init(environment: [String: String] = [:]) {
    let fallback = Self.defaultAPI ?? URL(fileURLWithPath: "/")
    api = environment["KIVASH_API"].flatMap(Self.httpURL) ?? fallback
  }

  /// `text` as an http or https URL with a host, or nil.
  public static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { return nil }
    return url
  }
}
