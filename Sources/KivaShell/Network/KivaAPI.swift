import Foundation

/// Kiva's public API, version 1.
public enum KivaAPI {
  /// The newest fundraising loans, 20 a page: `https://api.kivaws.org/v1/loans/newest.json`.
  public static let defaultEndpoint: URL =
    URL(string: "https://api.kivaws.org/v1/loans/newest.json")
    // The literal is a valid URL; the fallback only satisfies the type checker.
    ?? URL(fileURLWithPath: "/")

  /// `base` with its `page` and `per_page` query items set to `page` and `perPage`, or
  /// removed for nil; the rest of the query goes out byte for byte as written (`%2B`
  /// stays `%2B`: decoded, it would be a `+`, which servers read as a space).
  public static func pageURL(_ base: URL, page: Int?, perPage: Int?) -> URL {
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
      return base
    }
    let pieces = (components.percentEncodedQuery ?? "").split(
      separator: "&", omittingEmptySubsequences: false)
    var kept = pieces.filter { !$0.isEmpty && !isPagingItem($0) }
    if kept.count == pieces.count, page == nil, perPage == nil { return base }
    if let page { kept.append("page=\(page)") }
    if let perPage { kept.append("per_page=\(perPage)") }
    let query = kept.joined(separator: "&")
    components.percentEncodedQuery = query.isEmpty ? nil : query
    return components.url ?? base
  }

  /// Whether a raw query item (`page=2`, `per%5Fpage=5`) is one of the paging items.
  private static func isPagingItem(_ item: Substring) -> Bool {
    let name = item.prefix { $0 != "=" }
    let decoded = String(name).removingPercentEncoding ?? String(name)
    return decoded == "page" || decoded == "per_page"
  }
}
