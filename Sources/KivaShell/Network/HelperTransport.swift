import Dispatch
import Foundation

/// Performs each attempt in a `kivash-http` process: the request is its argument, as
/// JSON, and `HTTPHelperFrames` come back on its standard output.
///
/// The helper is where libcurl lives, so that the shell starts without
/// loading them (libcurl pulls in some thirty libraries, about 5 ms of every start) and a
/// fault in the TLS stack ends the helper, not the shell. Ctrl-C kills the helper; it
/// ignores SIGINT itself, so only the shell decides (a helper that SIGINT ends before it
/// could ignore it was cancelled too).
public struct HelperTransport: HTTPTransport {
  /// The helper program; nil when it was not found.
  public let executable: URL?

  /// The helper given by `KIVASH_HTTP_HELPER`, else the `kivash-http` beside the running
  /// program.
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    executable = Self.locate(environment: environment)
  }

  /// A transport running the helper at `executable`.
  public init(executable: URL?) {
    self.executable = executable
  }

  static func locate(environment: [String: String]) -> URL? {
    if let path = environment["KIVASH_HTTP_HELPER"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return running.deletingLastPathComponent().appendingPathComponent("kivash-http")
  }

  public func attempt(
    _ request: HTTPAttemptRequest, progress: @escaping @Sendable (FetchProgress) -> Void,
    isCancelled: @escaping @Sendable () -> Bool
  ) -> Result<HTTPAnswer, FetchError> {
    let url = request.url
    guard let executable, FileManager.default.isExecutableFile(atPath: executable.path) else {
      return .failure(
        FetchError(
          .other(
            url: url,
            reason:
              "the network helper '\(executable?.path ?? "kivash-http")' is missing; build it beside kivash (swift build) or set KIVASH_HTTP_HELPER"
          )))
    }
    guard let json = try? JSONEncoder().encode(request) else {
      return .failure(FetchError(.other(url: url, reason: "the request could not be encoded")))
    }
    let process = Process()
    process.executableURL = executable
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let collector = HelperOutput(attempt: request.attempt, progress: progress)
    do {
      try process.run()
    } catch {
      return .failure(
        FetchError(
          .other(
            url: url, reason: "the network helper could not start: \(error.localizedDescription)")))
    }
    Thread { Self.write(json, to: input.fileHandleForWriting) }.start()
    let reading = Thread { collector.read(output.fileHandleForReading) }
    reading.start()
    var cancelled = false
    while collector.done.wait(timeout: .now() + HTTPTransportTiming.pollInterval) == .timedOut {
      if !cancelled, isCancelled() {
        cancelled = true
        kill(process.processIdentifier, SIGKILL)
      }
    }
    process.waitUntilExit()
    try? output.fileHandleForReading.close()
    if cancelled || isCancelled() { return .failure(.cancelled) }
    // Ctrl-C reaches a helper that has not yet started to ignore it (the terminal signals
    // the whole foreground group): the user cancelled, though this thread may not have
    // heard it yet, and several pages fetched at once may all end this way first.
    if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGINT {
      return .failure(.cancelled)
    }
    let ending =
      process.terminationReason == .uncaughtSignal
      ? "killed by signal \(process.terminationStatus)"
      : "exit status \(process.terminationStatus)"
    return collector.outcome(url: url, ending: ending)
  }
}

extension HelperTransport {
  /// Writes the request to the helper's standard input and closes it, on a thread of its
  /// own (a request bigger than a pipe holds waits for the helper to read it). A helper
  /// that ended without reading it is no failure here (its ending is reported): SIGPIPE
  /// is blocked on this thread, so the write gives EPIPE instead of ending the process.
  fileprivate static func write(_ data: Data, to handle: FileHandle) {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
    try? handle.write(contentsOf: data)
    try? handle.close()
  }
}

/// The helper's frames as they arrive: progress passed on, the outcome kept.
private final class HelperOutput: Sendable {
  struct State {
    /// The answer, its body still to come.
    var head: HTTPAnswer?
    var body: Data?
    var failure: FetchError.Kind?
    var malformed = false
  }

  /// Signalled once the helper's output has ended.
  let done = DispatchSemaphore(value: 0)
  private let state = Locked(State())
  private let attempt: Int
  private let progress: @Sendable (FetchProgress) -> Void

  init(attempt: Int, progress: @escaping @Sendable (FetchProgress) -> Void) {
    self.attempt = attempt
    self.progress = progress
  }

  /// Reads frames until the end of the output.
  func read(_ handle: FileHandle) {
    defer { done.signal() }
    var reader = HTTPHelperFrames.Reader()
    while true {
      let bytes = handle.availableData
      if bytes.isEmpty { break }
      for frame in reader.feed(bytes) { take(frame.type, frame.payload) }
    }
    if reader.hasPartialFrame { state.withLock { $0.malformed = true } }
  }

  private func take(_ type: UInt8, _ payload: Data) {
    switch type {
    case HTTPHelperFrames.progress:
      guard let values = HTTPHelperFrames.progressValues(payload) else { return }
      progress(
        FetchProgress(
          bytesReceived: values.received, bytesExpected: values.expected, attempt: attempt))
    case HTTPHelperFrames.head:
      let head = try? JSONDecoder().decode(HTTPAnswer.self, from: payload)
      state.withLock {
        $0.head = head
        if head == nil { $0.malformed = true }
      }
    case HTTPHelperFrames.body:
      state.withLock { $0.body = payload }
    case HTTPHelperFrames.failure:
      let kind = try? JSONDecoder().decode(FetchError.Kind.self, from: payload)
      state.withLock {
        $0.failure = kind
        if kind == nil { $0.malformed = true }
      }
    default:
      state.withLock { $0.malformed = true }
    }
  }

  /// What the helper's output amounts to; `ending` says how it ended, for when it
  /// gave no answer.
  func outcome(url: URL, ending: String) -> Result<HTTPAnswer, FetchError> {
    let state = self.state.withLock { $0 }
    if !state.malformed, let failure = state.failure { return .failure(FetchError(failure)) }
    if !state.malformed, var answer = state.head, let body = state.body {
      answer.body = body
      return .success(answer)
    }
    return .failure(
      FetchError(
        .other(
          url: url,
          reason:
            "the network helper kivash-http stopped without an answer (\(ending))"
        )))
  }
}
