import Dispatch
import Foundation

/// Fetches a run of pages of a paged API, a few at a time.
public enum PageFetcher {
  /// The most pages one `fetch` takes on.
  public static let maxPages = 100_000
  /// How many pages are asked for at once unless told otherwise.
  public static let defaultConcurrency = 3

  /// Fetches pages `pages` of `base` (see `KivaAPI.pageURL`) with at most `concurrency`
  /// requests at once, returning the bodies in page order.
  ///
  /// Each page is `template` with its URL replaced. The first failure stops the run:
  /// pages in flight are cancelled and that failure is thrown (`.cancelled` when
  /// `isCancelled`, polled on the calling thread every 50 ms, said stop).
  ///
  /// `progress` gets the pages finished, the page count and the bytes received so far
  /// (finished pages plus those in flight); it is called from the worker threads, one call
  /// at a time, never with fewer pages done than before.
  public static func fetch(
    base: URL, pages: ClosedRange<Int>, perPage: Int?, concurrency: Int = defaultConcurrency,
    client: HTTPClient, template: FetchRequest,
    progress: @escaping @Sendable (_ pagesDone: Int, _ total: Int, _ bytes: Int64) -> Void,
    isCancelled: @escaping @Sendable () -> Bool
  ) throws(FetchError) -> [FetchedBody] {
    let (span, overflow) = pages.upperBound.subtractingReportingOverflow(pages.lowerBound)
    guard !overflow, span < maxPages else {
      throw FetchError(
        .other(
          url: base,
          reason: "\(pages.lowerBound)…\(pages.upperBound) is more than "
            + "\(HTTPText.grouped(Int64(maxPages))) pages at once"))
    }
    let run = Run(total: pages.count, progress: progress)
    let workerCount = min(max(1, concurrency), pages.count)
    let finished = DispatchSemaphore(value: 0)
    for _ in 0..<workerCount {
      Thread {
        while let index = run.claimNext() {
          var request = template
          request.url = KivaAPI.pageURL(base, page: pages.lowerBound + index, perPage: perPage)
          do throws(FetchError) {
            let body = try client.get(
              request, progress: { run.received($0.bytesReceived, forPage: index) },
              isCancelled: { run.isStopped })
            run.finished(body, forPage: index)
          } catch {
            run.failed(error)
          }
        }
        finished.signal()
      }.start()
    }
    var running = workerCount
    while running > 0 {
      if finished.wait(timeout: .now() + HTTPTransportTiming.pollInterval) == .success {
        running -= 1
      } else if isCancelled() {
        run.cancel()
      }
    }
    return try run.result()
  }

  /// The state the workers share, behind one lock.
  private final class Run: Sendable {
    struct State {
      var next = 0
      var bodies: [FetchedBody?]
      var bytes: [Int64]
      /// The sum of `bytes`, kept as they change (a run may have many pages).
      var bytesInAll: Int64 = 0
      var done = 0
      var failure: FetchError?
      /// Ctrl-C: wins over any failure it caused.
      var cancelled = false
      var stopped: Bool { failure != nil || cancelled }
    }

    private let state: Locked<State>
    private let total: Int
    private let progress: @Sendable (Int, Int, Int64) -> Void

    init(total: Int, progress: @escaping @Sendable (Int, Int, Int64) -> Void) {
      self.total = total
      self.progress = progress
      state = Locked(
        State(
          bodies: Array(repeating: nil, count: total), bytes: Array(repeating: 0, count: total)))
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    /// The next page index to fetch, or nil when all are taken or the run stopped.
    func claimNext() -> Int? {
      state.withLock { state in
        guard !state.stopped, state.next < total else { return nil }
        defer { state.next += 1 }
        return state.next
      }
    }

    func received(_ bytes: Int64, forPage index: Int) {
      state.withLock { state in
        state.bytesInAll += bytes - state.bytes[index]
        state.bytes[index] = bytes
        progress(state.done, total, state.bytesInAll)
      }
    }

    func finished(_ body: FetchedBody, forPage index: Int) {
      state.withLock { state in
        state.bodies[index] = body
        state.bytesInAll += Int64(body.data.count) - state.bytes[index]
        state.bytes[index] = Int64(body.data.count)
        state.done += 1
        progress(state.done, total, state.bytesInAll)
      }
    }

    /// Records the first real failure; the `.cancelled` of pages stopped because of it
    /// (or because of Ctrl-C) does not count. A page cancelled while the run goes on
    /// was cancelled from outside (Ctrl-C ended its helper before this thread's poll
    /// heard it): the run stops as cancelled.
    func failed(_ error: FetchError) {
      state.withLock { state in
        if error.kind == .cancelled {
          if !state.stopped { state.cancelled = true }
        } else if state.failure == nil {
          state.failure = error
        }
      }
    }

    func cancel() {
      state.withLock { $0.cancelled = true }
    }

    func result() throws(FetchError) -> [FetchedBody] {
      let state = self.state.withLock { $0 }
      if state.cancelled { throw .cancelled }
      if let failure = state.failure { throw failure }
      let bodies = state.bodies.compactMap { $0 }
      guard bodies.count == total else { throw .cancelled }
      return bodies
    }
  }
}
