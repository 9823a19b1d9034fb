import Foundation

extension FetchOptions {
  /// These options with the `page` and `per_page` of `url`'s own query filled in where no
  /// flag gave them (`--page`, `--pages` and `--per-page` win over the URL), so that
  /// `fetch https://…/newest.json?page=3` fetches page 3. Throws for a value in the URL
  /// that is not a whole number of at least 1.
  func withPaging(of url: URL) throws(ShellError) -> FetchOptions {
    var options = self
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    if options.page == nil, options.pages == nil, let page = try Self.number("page", in: items) {
      options.page = page
    }
    if options.perPage == nil, let perPage = try Self.number("per_page", in: items) {
      options.perPage = perPage
    }
    return options
  }

  /// The last `name=` of `items` as a number (nil when there is none).
  private static func number(_ name: String, in items: [URLQueryItem]) throws(ShellError) -> Int? {
    guard let item = items.last(where: { $0.name == name }) else { return nil }
    let text = item.value ?? ""
    guard let value = Int(text), value >= 1 else {
      throw ShellError(
        .notANumber(
          command: "fetch", what: "a whole number of at least 1 for \(name)= in the URL",
          got: text))
    }
    return value
  }
}
