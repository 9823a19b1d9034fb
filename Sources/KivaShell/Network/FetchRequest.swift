import Foundation

/// What `HTTPClient.get` should fetch and how hard to try.
public struct FetchRequest: Sendable {
  /// The `http` or `https` URL to get.
  public var url: URL
  /// Seconds one attempt may go without hearing from the server (no answer, or no new
  /// bytes of the body) before it fails with `.timedOut`.
  public var timeout: TimeInterval = 30
  /// The largest body accepted; a larger one (by `Content-Length` or as it streams in)
  /// fails with `.tooLarge`.
  public var maxBodyBytes: Int = 64 << 20
  /// Redirects followed before failing with `.tooManyRedirects`.
  public var maxRedirects: Int = 5
  /// Extra attempts after a connection failure (refused, dropped mid-body), a 429 or a
  /// 5xx. Other 4xx answers, timeouts and DNS failures are not retried.
  public var retries: Int = 3
  /// The first retry waits about this long, each later one twice as long as the one
  /// before (±25 % jitter); a `Retry-After` header wins. Every wait is capped at
  /// `HTTPClient.maxRetryDelay`.
  public var retryBaseDelay: TimeInterval = 0.5
  /// How the response cache takes part.
  public var cachePolicy: CachePolicy = .revalidate

  /// A request for `url` with the defaults above.
  public init(url: URL) {
    self.url = url
  }
}

/// How `HTTPClient` uses its `ResponseCache`.
public enum CachePolicy: Sendable, Equatable {
  /// Asks the server whether the cached copy is still current (`If-None-Match`,
  /// `If-Modified-Since`); a 304 answer returns the cached body. Good answers are stored.
  case revalidate
  /// Never touches the network: the cached body, or `.noCachedCopy`.
  case cachedOnly
  /// Always downloads the whole body, without conditional headers. The good answer is
  /// still stored, so a later `.cachedOnly` finds it.
  case noCache
}

/// A body `HTTPClient.get` fetched or took from its cache.
public struct FetchedBody: Sendable, Equatable {
  /// The bytes of the body.
  public var data: Data
  /// Where the body came from: the URL after redirects.
  public var url: URL
  /// The HTTP status of the answer that carried the body (200 for a cached body).
  public var status: Int
  /// True when the bytes come from the cache (`.cachedOnly`, or a 304).
  public var fromCache: Bool
  /// True when the server confirmed the cached copy with a 304 Not Modified.
  public var revalidated: Bool
  /// What the cache would keep of it (see `HTTPClient.remember`): the new copy, or the
  /// cached one it came from; nil when the client has no cache.
  public var cacheEntry: CachedResponse?

  /// A body with all its parts.
  public init(
    data: Data, url: URL, status: Int, fromCache: Bool, revalidated: Bool,
    cacheEntry: CachedResponse? = nil
  ) {
    self.data = data
    self.url = url
    self.status = status
    self.fromCache = fromCache
    self.revalidated = revalidated
    self.cacheEntry = cacheEntry
  }
}

/// How far one fetch has got, as reported while bytes arrive.
public struct FetchProgress: Sendable, Equatable {
  /// Bytes of the body received so far in this attempt.
  public var bytesReceived: Int64
  /// The body's size from `Content-Length`, when the server sent one and the body is
  /// not compressed in transit.
  public var bytesExpected: Int64?
  /// Which attempt this is, from 1.
  public var attempt: Int
  /// While kivash waits to try again: why, and for how long
  /// (`the server answered 503 — trying again in 8 s`); nil otherwise.
  public var waiting: String?

  /// A progress report with all its parts.
  public init(bytesReceived: Int64, bytesExpected: Int64?, attempt: Int, waiting: String? = nil) {
    self.bytesReceived = bytesReceived
    self.bytesExpected = bytesExpected
    self.attempt = attempt
    self.waiting = waiting
  }
}
