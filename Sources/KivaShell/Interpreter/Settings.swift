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

  /// The warning for a `KIVASH_API` that is set but is not an http or https URL, which
  /// the settings then leave out; nil when it is unset, empty or a URL.
  public static func environmentWarning(_ environment: [String: String]) -> String? {
    guard let text = environment["KIVASH_API"], !text.isEmpty, httpURL(text) == nil else {
      return nil
    }
    let example =
      text.contains("://") ? "" : " (KIVASH_API=http://\(ShellError.Kind.clipped(text))?)"
    return "KIVASH_API='\(ShellError.Kind.clipped(text))' is not an http or https URL — "
      + "'fetch --live' reads \(defaultAPI?.absoluteString ?? "Kiva's loans")\(example)"
  }

  /// `text` as an http or https URL with a host, or nil.
  public static func httpURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { return nil }
    return url
  }
}
