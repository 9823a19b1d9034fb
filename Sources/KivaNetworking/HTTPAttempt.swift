import Dispatch
import Foundation
import KivaShell

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One attempt at one request: its own ephemeral `URLSession` whose delegate streams the
/// body in, counts redirects and enforces the size limit, while the calling thread waits,
/// polling for cancellation and for the idle timeout every
/// `HTTPTransportTiming.pollInterval`.
///
/// A session per attempt keeps each attempt's state in its own delegate, so nothing is
/// shared between concurrent fetches.
enum HTTPAttempt {
  /// How long to wait for URLSession to confirm a cancellation before giving up on it.
  static let cancelGrace: Duration = .seconds(2)

  /// Performs `request` once.
  static func run(
    _ request: HTTPAttemptRequest, progress: @escaping @Sendable (FetchProgress) -> Void,
    isCancelled: @escaping @Sendable () -> Bool
  ) -> Result<HTTPAnswer, FetchError> {
    let delegate = AttemptDelegate(
      maxBodyBytes: request.maxBodyBytes, maxRedirects: request.maxRedirects,
      attempt: request.attempt, progress: progress)
    let session = URLSession(
      configuration: makeConfiguration(), delegate: delegate, delegateQueue: nil)
    let task = session.dataTask(with: makeURLRequest(request))
    task.resume()
    let clock = ContinuousClock()
    let idleLimit = Duration.seconds(
      request.timeout.isFinite ? min(max(request.timeout, 0), 1e9) : 1e9)
    var stoppedAt: ContinuousClock.Instant?
    while delegate.finished.wait(timeout: .now() + HTTPTransportTiming.pollInterval)
      == .timedOut
    {
      if let stoppedAt {
        if clock.now - stoppedAt > cancelGrace { break }
        continue
      }
      let stop: AttemptDelegate.Stop?
      if isCancelled() {
        stop = .cancelled
      } else if clock.now - delegate.lastActivity > idleLimit {
        stop = .timedOut
      } else {
        stop = nil
      }
      if let stop {
        delegate.stop(stop)
        task.cancel()
        stoppedAt = clock.now
      }
    }
    session.invalidateAndCancel()
    return delegate.outcome(url: request.url, timeout: request.timeout)
  }

  /// The GET for `request`, with its headers.
  static func makeURLRequest(_ request: HTTPAttemptRequest) -> URLRequest {
    var urlRequest = URLRequest(
      url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
      timeoutInterval: 24 * 60 * 60)
    urlRequest.httpMethod = "GET"
    for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    return urlRequest
  }

  /// Ephemeral, without URLSession's cache or cookies (`HTTPClient` caches by itself).
  /// Its own timeouts are only a far backstop: the idle timeout above is the one that
  /// applies, the same way for connecting, waiting and receiving.
  static func makeConfiguration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.timeoutIntervalForRequest = 24 * 60 * 60
    configuration.timeoutIntervalForResource = 7 * 24 * 60 * 60
    return configuration
  }
}

/// The delegate of one attempt's session. All of its state sits behind one lock;
/// `progress` is called outside it.
final class AttemptDelegate: NSObject, URLSessionDataDelegate, Sendable {
  /// Why the attempt was stopped before URLSession finished it.
  enum Stop: Sendable {
    case cancelled, timedOut, tooLarge, tooManyRedirects
  }

  struct State: Sendable {
    var status: Int?
    var headers: [String: String] = [:]
    var finalURL: URL?
    var body = Data()
    var expected: Int64?
    var redirects = 0
    var stop: Stop?
    var error: (any Error)?
    var lastActivity = ContinuousClock.now
  }

  /// Signalled once, when the task completes.
  let finished = DispatchSemaphore(value: 0)
  private let state = Locked(State())
  private let maxBodyBytes: Int
  private let maxRedirects: Int
  private let attempt: Int
  private let progress: @Sendable (FetchProgress) -> Void

  init(
    maxBodyBytes: Int, maxRedirects: Int, attempt: Int,
    progress: @escaping @Sendable (FetchProgress) -> Void
  ) {
    self.maxBodyBytes = maxBodyBytes
    self.maxRedirects = maxRedirects
    self.attempt = attempt
    self.progress = progress
  }

  /// When the server was last heard from (or the attempt started).
  var lastActivity: ContinuousClock.Instant {
    state.withLock { $0.lastActivity }
  }

  /// Records why the attempt is being stopped; the first reason wins.
  func stop(_ reason: Stop) {
    state.withLock { state in
      if state.stop == nil { state.stop = reason }
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let follow = state.withLock { state in
      state.redirects += 1
      state.lastActivity = .now
      if state.redirects > maxRedirects, state.stop == nil { state.stop = .tooManyRedirects }
      return state.stop == nil
    }
    completionHandler(follow ? request : nil)
    if !follow { task.cancel() }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http?.allHeaderFields ?? [:] {
      if let name = name as? String, let value = value as? String {
        headers[name.lowercased()] = value
      }
    }
    let encoding = headers["content-encoding"]?.lowercased() ?? "identity"
    let length = response.expectedContentLength
    let expected = length >= 0 && encoding == "identity" ? length : nil
    let tooLarge = state.withLock { state in
      state.status = http?.statusCode
      state.headers = headers
      state.finalURL = response.url
      state.expected = expected
      state.body = Data()
      state.lastActivity = .now
      if let expected, expected > Int64(maxBodyBytes), state.stop == nil { state.stop = .tooLarge }
      return state.stop == .tooLarge
    }
    completionHandler(tooLarge ? .cancel : .allow)
    if tooLarge {
      dataTask.cancel()
    } else {
      progress(FetchProgress(bytesReceived: 0, bytesExpected: expected, attempt: attempt))
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let report: FetchProgress? = state.withLock { state in
      guard state.stop == nil else { return nil }
      state.lastActivity = .now
      if state.body.count + data.count > maxBodyBytes {
        state.stop = .tooLarge
        return nil
      }
      state.body.append(data)
      return FetchProgress(
        bytesReceived: Int64(state.body.count), bytesExpected: state.expected, attempt: attempt)
    }
    if let report {
      progress(report)
    } else {
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    state.withLock { $0.error = error }
    finished.signal()
  }

  /// What the attempt came to, once it finished or was given up on.
  func outcome(url: URL, timeout: TimeInterval) -> Result<HTTPAnswer, FetchError> {
    let state = self.state.withLock { $0 }
    let received = Int64(state.body.count)
    switch state.stop {
    case .cancelled?: return .failure(.cancelled)
    case .timedOut?: return .failure(FetchError(.timedOut(url: url, seconds: timeout)))
    case .tooLarge?: return .failure(FetchError(.tooLarge(url: url, limit: maxBodyBytes)))
    case .tooManyRedirects?:
      return .failure(FetchError(.tooManyRedirects(url: url, limit: maxRedirects)))
    case nil: break
    }
    if let error = state.error {
      return .failure(
        FetchError(
          URLErrorMapping.kind(
            for: error, url: url, timeout: timeout, responded: state.status != nil,
            received: received, expected: state.expected)))
    }
    guard let status = state.status else {
      return .failure(FetchError(.other(url: url, reason: "the answer was not HTTP")))
    }
    if let expected = state.expected, received < expected {
      return .failure(
        FetchError(.truncated(url: url, received: received, expected: expected)))
    }
    return .success(
      HTTPAnswer(
        status: status, headers: state.headers, body: state.body,
        finalURL: state.finalURL ?? url))
  }
}
