import Foundation

/// Kiva's public API, version 1.
public enum KivaAPI {
  /// The newest fundraising loans, 20 a page: `https://api.kivaws.org/v1/loans/newest.json`.
  public static let defaultEndpoint: URL =
    URL(string: "https://api.kivaws.org/v1/loans/newest.json")
    // The literal is a valid URL; the fallback only satisfies the type checker.
    ?? URL(fileURLWithPath: "/")

  /// `base` with its `page` and `per_page` query items set to `page` and `perPage`, or
  /// removed for nil; other query items stay as they are, in order.
  public static func pageURL(_ base: URL, page: Int?, perPage: Int?) -> URL {
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
      return base
    }
    var items = (components.queryItems ?? []).filter {
      $0.name != "page" && $0.name != "per_page"
    }
    if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
    if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
    components.queryItems = items.isEmpty ? nil : items
    return components.url ?? base
  }
}
