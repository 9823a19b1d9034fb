import Dispatch
import Foundation

/// One GET to send, once: what `HTTPClient` asks of a transport for each attempt.
public struct HTTPAttemptRequest: Codable, Sendable, Equatable {
  public var url: URL
  /// Request headers by name.
  public var headers: [String: String]
  /// Idle timeout: how long to wait for the server to say anything (seconds).
  public var timeout: TimeInterval
  public var maxBodyBytes: Int
  public var maxRedirects: Int
  /// Which attempt this is (from 1), for progress reports.
  public var attempt: Int

  public init(
    url: URL, headers: [String: String], timeout: TimeInterval, maxBodyBytes: Int,
    maxRedirects: Int, attempt: Int
  ) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
    self.maxBodyBytes = maxBodyBytes
    self.maxRedirects = maxRedirects
    self.attempt = attempt
  }
}

/// A complete answer from the server, whatever its status.
public struct HTTPAnswer: Codable, Sendable, Equatable {
  public var status: Int
  /// Header values by lowercased name.
  public var headers: [String: String]
  public var body: Data
  public var finalURL: URL

  public init(status: Int, headers: [String: String], body: Data, finalURL: URL) {
    self.status = status
    self.headers = headers
    self.body = body
    self.finalURL = finalURL
  }
}

/// What performs one HTTP attempt for `HTTPClient`: the `kivash-http` helper process
/// (`HelperTransport`), so that the shell itself does not load libcurl and the ~30
/// libraries behind it at every start.
public protocol HTTPTransport: Sendable {
  /// Performs `request` once, blocking. Calls `progress` (on any thread) as bytes
  /// arrive; polls `isCancelled` every `HTTPTransportTiming.pollInterval` and, when it
  /// says stop, gives up at once with `.cancelled`. Enforces the request's idle timeout,
  /// body limit and redirect limit.
  func attempt(
    _ request: HTTPAttemptRequest, progress: @escaping @Sendable (FetchProgress) -> Void,
    isCancelled: @escaping @Sendable () -> Bool
  ) -> Result<HTTPAnswer, FetchError>
}

/// How often waiting network code checks for Ctrl-C.
public enum HTTPTransportTiming {
  public static let pollInterval = DispatchTimeInterval.milliseconds(pollMilliseconds)
  /// The same interval, in milliseconds.
  public static let pollMilliseconds = 50
}
