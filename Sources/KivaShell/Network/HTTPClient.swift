import Dispatch
import Foundation

/// A blocking HTTP GET for JSON APIs, with retries, a response cache and messages a user
/// can act on.
///
/// Safe to use from several threads at once: it holds no mutable state, and each
/// attempt runs on its own (by default in its own `kivash-http` process).
public final class HTTPClient: Sendable {
  /// The longest wait between attempts, whatever `Retry-After` or the backoff says.
  public static let maxRetryDelay: TimeInterval = 30

  /// Where good responses are kept and looked up; nil for none.
  public let cache: ResponseCache?
  /// What performs each attempt.
  public let transport: any HTTPTransport
  private let sleep: @Sendable (TimeInterval) -> Void

  /// A client using `cache` and `transport`, waiting between attempts with `sleep`
  /// (tests inject one that records instead of sleeping).
  public init(
    cache: ResponseCache?, transport: any HTTPTransport = HelperTransport(),
    sleep: @escaping @Sendable (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }
  ) {
    self.cache = cache
    self.transport = transport
    self.sleep = sleep
  }

  /// Gets `request.url`, blocking until done.
  ///
  /// Calls `progress` (on any thread) as bytes arrive; polls `isCancelled` on the calling
  /// thread every 50 ms, also while waiting to retry, and when it returns true cancels
  /// the request and throws `.cancelled`.
  ///
  /// A 2xx answer must be JSON, not an HTML page (see `ResponseCheck.isHTML`); it is not
  /// stored in the cache until the caller has checked it and calls `remember`. Failures
  /// carry `cachedCopyAvailable` when the cache holds the URL.
  public func get(
    _ request: FetchRequest, progress: @escaping @Sendable (FetchProgress) -> Void = { _ in },
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws(FetchError) -> FetchedBody {
    let url = request.url
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else { throw FetchError(.unsupportedURL(url: url)) }
    let cached = request.cachePolicy == .noCache ? nil : cache?.lookup(url)
    if request.cachePolicy == .cachedOnly {
      guard let cached else { throw FetchError(.noCachedCopy(url: url)) }
      return FetchedBody(
        data: cached.data, url: cached.finalURL, status: cached.status, fromCache: true,
        revalidated: false, cacheEntry: cached)
    }
    var attempt = 1
    while true {
      if isCancelled() { throw .cancelled }
      let result = transport.attempt(
        attemptRequest(request, attempt: attempt, validatedBy: cached), progress: progress,
        isCancelled: isCancelled)
      let failure: FetchError
      var retryAfter: TimeInterval?
      switch result {
      case .success(let answer):
        switch accept(answer, for: request, cached: cached) {
        case .success(let body): return body
        case .failure(let error): failure = error
        }
        retryAfter = ResponseCheck.retryAfter(answer.headers["retry-after"])
      case .failure(let error):
        failure = error
      }
      guard failure.isRetryable, attempt <= request.retries else {
        throw withCacheNote(failure, url: url, cached: cached)
      }
      if let retryAfter, retryAfter > min(Self.maxRetryDelay, request.timeout) {
        // Longer than kivash waits (or than `--timeout` allows): waiting less than asked
        // would only be refused again, so say how long it asked.
        var refused = failure
        refused.waitAsked = retryAfter
        throw withCacheNote(refused, url: url, cached: cached)
      }
      let delay = Self.capped(retryAfter ?? backoff(base: request.retryBaseDelay, attempt: attempt))
      // Said on the progress line, which would otherwise sit still as if hung.
      progress(
        FetchProgress(
          bytesReceived: 0, bytesExpected: nil, attempt: attempt,
          waiting: "\(failure.retryReason) — trying again in \(Int(delay.rounded(.up))) s"))
      guard wait(delay, isCancelled: isCancelled) else { throw .cancelled }
      attempt += 1
    }
  }

  /// Turns a complete answer into the body to return, or the error it amounts to.
  private func accept(
    _ answer: HTTPAnswer, for request: FetchRequest, cached: CachedResponse?
  ) -> Result<FetchedBody, FetchError> {
    let url = request.url
    if answer.status == 304 {
      guard let cached else {
        return .failure(
          FetchError(.other(url: url, reason: "answered 304 Not Modified, but nothing is cached")))
      }
      return .success(
        FetchedBody(
          data: cached.data, url: cached.finalURL, status: cached.status, fromCache: true,
          revalidated: true, cacheEntry: cached))
    }
    guard (200...299).contains(answer.status) else {
      let message = ResponseCheck.kivaMessage(in: answer.body)
      return .failure(
        FetchError(.httpStatus(url: url, status: answer.status, serverMessage: message)))
    }
    if ResponseCheck.isHTML(contentType: answer.headers["content-type"], body: answer.body) {
      return .failure(FetchError(.htmlInsteadOfJSON(url: url)))
    }
    let entry =
      cache == nil
      ? nil
      : CachedResponse(
        requestURL: url, finalURL: answer.finalURL, status: answer.status,
        etag: answer.headers["etag"], lastModified: answer.headers["last-modified"],
        data: answer.body)
    return .success(
      FetchedBody(
        data: answer.body, url: answer.finalURL, status: answer.status, fromCache: false,
        revalidated: false, cacheEntry: entry))
  }

  /// Keeps `bodies`, which the caller found good, as the last good copies of their URLs
  /// (a cached copy just used counts as used now), then trims the cache to its limits.
  /// Only the caller can tell a page of loans from an empty page or another document, so
  /// `get` stores nothing itself.
  public func remember(_ bodies: [FetchedBody]) {
    guard let cache, !bodies.isEmpty else { return }
    var kept: [URL] = []
    for body in bodies {
      guard let entry = body.cacheEntry else { continue }
      if body.fromCache {
        cache.markUsed(entry.requestURL)
      } else {
        cache.store(entry)
      }
      kept.append(entry.requestURL)
    }
    cache.trim(keeping: kept)
  }

  /// The GET for `request`, with the cached copy's validators when there is one.
  func attemptRequest(_ request: FetchRequest, attempt: Int, validatedBy cached: CachedResponse?)
    -> HTTPAttemptRequest
  {
    var headers = ["Accept": "application/json", "User-Agent": "kivash"]
    if let etag = cached?.etag { headers["If-None-Match"] = etag }
    if let lastModified = cached?.lastModified { headers["If-Modified-Since"] = lastModified }
    // An endless (or NaN) timeout is a very long one; JSON has no infinity.
    let timeout = request.timeout.isFinite ? request.timeout : .greatestFiniteMagnitude
    return HTTPAttemptRequest(
      url: request.url, headers: headers, timeout: timeout,
      maxBodyBytes: request.maxBodyBytes, maxRedirects: request.maxRedirects, attempt: attempt)
  }

  /// `error`, noting whether the cache could stand in for the network.
  private func withCacheNote(_ error: FetchError, url: URL, cached: CachedResponse?) -> FetchError {
    guard error.isNetworkFailure, cached != nil || cache?.contains(url) == true else {
      return error
    }
    var error = error
    error.cachedCopyAvailable = true
    return error
  }

  /// `delay` within 0…`maxRetryDelay` (NaN counts as the maximum).
  static func capped(_ delay: TimeInterval) -> TimeInterval {
    delay.isNaN ? maxRetryDelay : min(max(delay, 0), maxRetryDelay)
  }

  /// `base * 2^(attempt - 1)`, give or take 25 %.
  func backoff(base: TimeInterval, attempt: Int) -> TimeInterval {
    let full = base * pow(2, Double(min(attempt - 1, 30)))
    return max(0, full * Double.random(in: 0.75...1.25))
  }

  /// Sleeps `delay` with the injected `sleep` on another thread, while this one keeps
  /// polling `isCancelled`, so Ctrl-C is heard during a long `Retry-After`. Returns false
  /// when cancelled.
  private func wait(_ delay: TimeInterval, isCancelled: @escaping @Sendable () -> Bool) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let sleep = self.sleep
    let sleeper = Thread {
      sleep(delay)
      done.signal()
    }
    sleeper.start()
    while done.wait(timeout: .now() + HTTPTransportTiming.pollInterval) == .timedOut {
      if isCancelled() { return false }
    }
    return true
  }
}
