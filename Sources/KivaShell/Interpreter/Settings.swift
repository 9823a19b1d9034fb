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

  /// A `KIVASH_API` that is no http or https URL, which `fetch --live` refuses rather
  /// than read Kiva's instead (a typo in CI must not reach the real API); `set api`
  /// clears it.
  public var refusedAPI: String?

  /// Settings from the environment.
  public init(environment: [String: String] = [:]) {
    let fallback = Self.defaultAPI ?? URL(fileURLWithPath: "/")
    api = environment["KIVASH_API"].flatMap(Self.httpURL) ?? fallback
    if let text = environment["KIVASH_API"], !text.isEmpty, Self.httpURL(text) == nil {
      refusedAPI = text
    }
  }

  /// The warning for a `KIVASH_API` that is set but is not an http or https URL, which
  /// the settings then leave out; nil when it is unset, empty or a URL.
  public static func environmentWarning(_ environment: [String: String]) -> String? {
    guard let text = Settings(environment: environment).refusedAPI else { return nil }
    return ShellError.Kind.refusedAPI(text).message + "; 'fetch --live' will not run until then"
  }

  /// `text` as an http or https URL with a host, or nil.
  public static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { return nil }
    return url
  }
}
