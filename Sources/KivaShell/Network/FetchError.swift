import Foundation

/// Why a fetch failed, with a one-line message that names the URL or host and says what
/// to do.
///
/// A struct rather than an enum so that every failure can also say whether the cache
/// still holds the URL (`cachedCopyAvailable`); switch over `kind` for the cause.
public struct FetchError: Error, Equatable, Sendable {
  /// The cause of a failed fetch.
  public enum Kind: Equatable, Sendable, Codable {
    /// The host name did not resolve: DNS failure, or no network at all.
    case cannotResolve(host: String)
    /// Nothing listens at `host` (`name:port`), or it refused the connection.
    case connectionRefused(host: String)
    /// No answer, or no new bytes, for `seconds`.
    case timedOut(url: URL, seconds: TimeInterval)
    /// An answer that is not 2xx or 304; `serverMessage` is Kiva's `message`, if the
    /// body carried `{"code": …, "message": …}`.
    case httpStatus(url: URL, status: Int, serverMessage: String?)
    /// A 2xx answer that is an HTML page (see `ResponseCheck.isHTML`).
    case htmlInsteadOfJSON(url: URL)
    /// The connection closed after `received` bytes of `expected` (`Content-Length`;
    /// nil when the server gave none).
    case truncated(url: URL, received: Int64, expected: Int64?)
    /// The body is larger than `limit` bytes.
    case tooLarge(url: URL, limit: Int)
    /// The server redirected more than `limit` times.
    case tooManyRedirects(url: URL, limit: Int)
    /// `isCancelled` said stop (Ctrl-C).
    case cancelled
    /// `.cachedOnly` asked for a URL the cache does not hold.
    case noCachedCopy(url: URL)
    /// Not an `http` or `https` URL.
    case unsupportedURL(url: URL)
    /// Anything else, with what the system said.
    case other(url: URL, reason: String)
  }

  /// The cause.
  public var kind: Kind
  /// True when the fetch failed but the cache holds a copy of the URL, so the shell can
  /// offer it (`fetch --cached`).
  public var cachedCopyAvailable: Bool
  /// The wait the server's `Retry-After` asked for when it was longer than kivash waits
  /// (`HTTPClient.maxRetryDelay`, or the request's timeout when shorter), so the fetch
  /// gave up at once; nil otherwise.
  public var waitAsked: TimeInterval?

  /// An error of `kind`.
  public init(_ kind: Kind, cachedCopyAvailable: Bool = false) {
    self.kind = kind
    self.cachedCopyAvailable = cachedCopyAvailable
  }

  /// The fetch was cancelled.
  public static let cancelled = FetchError(.cancelled)

  /// One line for the user, for example
  /// `'https://api.kivaws.org/v1/loans/1.json' answered 404 Not Found: loan not found`.
  public var message: String {
    switch kind {
    case .cannotResolve(let host):
      return "cannot resolve '\(host)' — are you offline? bare 'fetch' uses the built-in snapshot"
    case .connectionRefused(let host):
      return "connection refused by '\(host)'"
    case .timedOut(let url, let seconds):
      return "'\(url.shown)' did not answer within \(HTTPText.seconds(seconds))"
        + " — try --timeout"
    case .httpStatus(let url, let status, let serverMessage):
      var text = "'\(url.shown)' answered \(status) \(HTTPText.reasonPhrase(status))"
      if let serverMessage { text += ": \(serverMessage)" }
      if let waitAsked {
        text += " — it asks to wait \(HTTPText.duration(waitAsked)): try again then"
      } else if status == 429 || status >= 500 {
        text += " — try again later"
      }
      return text
    case .htmlInsteadOfJSON(let url):
      return "'\(url.shown)' sent an HTML page, not JSON (is the URL right?)"
    case .truncated(let url, let received, let expected?):
      return "'\(url.shown)' sent \(HTTPText.grouped(received)) of "
        + "\(HTTPText.grouped(expected)) bytes before closing — try again"
    case .truncated(let url, let received, nil):
      return "'\(url.shown)' closed the connection after "
        + "\(HTTPText.grouped(received)) bytes — try again"
    case .tooLarge(let url, let limit):
      return "'\(url.shown)' sent more than \(HTTPText.byteCount(limit))"
        + " — ask for fewer loans per page, or check the URL"
    case .tooManyRedirects(let url, let limit):
      return "'\(url.shown)' redirected more than \(limit) "
        + (limit == 1 ? "time" : "times") + " — is it a redirect loop?"
    case .cancelled:
      return "fetch cancelled"
    case .noCachedCopy(let url):
      return "no cached copy of '\(url.shown)' — fetch it once without --cached"
    case .unsupportedURL(let url):
      return "'\(url.shown)' is not an http or https URL"
    case .other(let url, let reason):
      return "fetching '\(url.shown)' failed: \(reason)"
    }
  }

  /// What went wrong, in a few words, for the progress line while kivash waits to try
  /// again (only retryable failures are said there).
  var retryReason: String {
    switch kind {
    case .connectionRefused: return "connection refused"
    case .truncated: return "the answer was cut short"
    case .httpStatus(_, let status, _): return "the server answered \(status)"
    default: return "the request failed"
    }
  }

  /// Whether another attempt might succeed: connection failures, 429 and 5xx.
  var isRetryable: Bool {
    switch kind {
    case .connectionRefused, .truncated: return true
    case .httpStatus(_, let status, _): return status == 429 || (500...599).contains(status)
    default: return false
    }
  }

  /// Whether the failure means the network did not deliver (as opposed to a refusal by
  /// the user or a request the cache could not answer), so a cached copy is worth
  /// offering.
  var isNetworkFailure: Bool {
    switch kind {
    case .cancelled, .noCachedCopy, .unsupportedURL: return false
    default: return true
    }
  }
}
