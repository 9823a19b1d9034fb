import KivaShell

/// Performs attempts in this process, with URLSession (see `HTTPAttempt`): what the
/// `kivash-http` helper runs.
public struct URLSessionTransport: HTTPTransport {
  public init() {}

  public func attempt(
    _ request: HTTPAttemptRequest, progress: @escaping @Sendable (FetchProgress) -> Void,
    isCancelled: @escaping @Sendable () -> Bool
  ) -> Result<HTTPAnswer, FetchError> {
    HTTPAttempt.run(request, progress: progress, isCancelled: isCancelled)
  }
}
