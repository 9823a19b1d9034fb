import KivaShell

/// Performs attempts in this process, with libcurl (see `CurlAttempt`): what the
/// `kivash-http` helper runs.
public struct CurlTransport: HTTPTransport {
  public init() {}

  public func attempt(
    _ request: HTTPAttemptRequest, progress: @escaping @Sendable (FetchProgress) -> Void,
    isCancelled: @escaping @Sendable () -> Bool
  ) -> Result<HTTPAnswer, FetchError> {
    CurlAttempt.run(request, progress: progress, isCancelled: isCancelled)
  }
}
