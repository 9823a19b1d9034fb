import Foundation
import KivaShell
import Synchronization
import Testing

/// `PageFetcher` against the test server: order, concurrency, the first error, Ctrl-C.
@Suite("Network page fetcher: several pages at once, in order")
struct NetworkPageFetcherTests {
  typealias Report = (done: Int, total: Int, bytes: Int64)

  @Test("five pages, three at a time, come back in page order")
  func pagesInOrder() throws {
    let server = try TestHTTPServer()
    let reports = Mutex<[Report]>([])
    let bodies = try PageFetcher.fetch(
      base: server.newest, pages: 1...5, perPage: nil, concurrency: 3,
      client: HTTPClient(cache: nil), template: FetchRequest(url: server.newest),
      progress: { done, total, bytes in reports.withLock { $0.append((done, total, bytes)) } },
      isCancelled: { false })
    let firstIDs = try bodies.map { try LoanLoader.decode($0.data, from: "page").loans.first?.id }
    #expect(firstIDs == [436_753, 1_436_753, 2_436_753, 3_436_753, 4_436_753])
    let counts = try bodies.map { try LoanLoader.decode($0.data, from: "page").loans.count }
    #expect(counts == Array(repeating: 20, count: 5))
    let seen = reports.withLock { $0 }
    let totalBytes = Int64(bodies.reduce(0) { $0 + $1.data.count })
    #expect(seen.last.map { [$0.done, $0.total] } == [5, 5])
    #expect(seen.last?.bytes == totalBytes)
    #expect(seen.map(\.done) == seen.map(\.done).sorted())
    #expect(try server.requests().count == 5)
  }

  @Test("per_page and the template's settings reach every page")
  func perPageAndTemplate() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let client = HTTPClient(cache: folder.cache)
    let base = server.url("/v1/loans/newest.json?sort=newest&page=9")
    var template = FetchRequest(url: base)
    template.cachePolicy = .noCache
    let bodies = try PageFetcher.fetch(
      base: base, pages: 2...3, perPage: 4, client: client, template: template,
      progress: { _, _, _ in }, isCancelled: { false })
    #expect(try bodies.map { try LoanLoader.decode($0.data, from: "page").loans.count } == [4, 4])
    let queries = try server.requests().map(\.query).sorted()
    #expect(queries == ["sort=newest&page=2&per_page=4", "sort=newest&page=3&per_page=4"])
  }

  @Test("the first failure stops the run and is what is thrown")
  func firstError() throws {
    let server = try TestHTTPServer()
    let base = server.url("/missing")
    #expect {
      _ = try PageFetcher.fetch(
        base: base, pages: 1...20, perPage: nil, concurrency: 2, client: HTTPClient(cache: nil),
        template: FetchRequest(url: base), progress: { _, _, _ in }, isCancelled: { false })
    } throws: { error in
      guard let error = error as? FetchError,
        case .httpStatus(let url, 404, "loan not found") = error.kind
      else { return false }
      return url.path == "/missing"
    }
    // Workers claim no new pages once one has failed: of 20 pages, each of the two
    // workers asks for one, maybe two if it finished just before the failure was seen.
    #expect(try server.requests().count <= 4)
  }

  @Test(
    "an absurd page range is refused before any request", arguments: [1...Int.max, Int.min...0])
  func tooManyPages(pages: ClosedRange<Int>) throws {
    let base = try #require(URL(string: "http://127.0.0.1:9/v1/loans/newest.json"))
    #expect {
      _ = try PageFetcher.fetch(
        base: base, pages: pages, perPage: nil, client: HTTPClient(cache: nil),
        template: FetchRequest(url: base), progress: { _, _, _ in }, isCancelled: { false })
    } throws: { error in
      (error as? FetchError)?.message
        == "fetching '\(base.absoluteString)' failed: \(pages.lowerBound)…\(pages.upperBound)"
        + " is more than 100,000 pages at once"
    }
  }

  /// Page 2 comes back cancelled at once, as when Ctrl-C ended its helper before the
  /// poll heard the key; every other page waits for page 2 to have come back and then
  /// for the run to say stop (5 s at most each, so that a run that does not stop still
  /// ends), and comes back cancelled too.
  private final class OnePageCancelled: HTTPTransport {
    let attempts = Mutex(0)
    /// Signalled, once for each waiting page, when page 2 has come back.
    private let pageTwoBack = DispatchSemaphore(value: 0)

    func attempt(
      _ request: HTTPAttemptRequest, progress: @escaping @Sendable (FetchProgress) -> Void,
      isCancelled: @escaping @Sendable () -> Bool
    ) -> Result<HTTPAnswer, FetchError> {
      attempts.withLock { $0 += 1 }
      if request.url.query == "page=2" {
        for _ in 0..<8 { pageTwoBack.signal() }
        return .failure(.cancelled)
      }
      let giveUp = DispatchTime.now() + .seconds(5)
      if pageTwoBack.wait(timeout: giveUp) == .success {
        // The worker of page 2 stops the run right after page 2 returns: wait for it as
        // a transport does, polling between waits that nothing else ends.
        let neverSignalled = DispatchSemaphore(value: 0)
        while !isCancelled(), DispatchTime.now() < giveUp {
          _ = neverSignalled.wait(timeout: .now() + HTTPTransportTiming.pollInterval)
        }
      }
      return .failure(.cancelled)
    }
  }

  @Test("a page cancelled from outside stops the run, which is cancelled")
  func pageCancelledFromOutside() throws {
    let transport = OnePageCancelled()
    let base = try #require(URL(string: "http://127.0.0.1:9/v1/loans/newest.json"))
    #expect(throws: FetchError.cancelled) {
      _ = try PageFetcher.fetch(
        base: base, pages: 1...6, perPage: nil, concurrency: 2,
        client: HTTPClient(cache: nil, transport: transport), template: FetchRequest(url: base),
        progress: { _, _, _ in }, isCancelled: { false })
    }
    // Page 2, and page 1 unless the run had stopped before it began; no worker took
    // another page once page 2 came back.
    #expect(transport.attempts.withLock { $0 } <= 2)
  }

  @Test("isCancelled stops slow pages in flight and throws cancelled")
  func cancelled() throws {
    let server = try TestHTTPServer()
    let base = server.url("/slow?delay=60")
    var template = FetchRequest(url: base)
    template.timeout = 120
    let polls = Mutex(0)
    #expect(throws: FetchError.cancelled) {
      _ = try PageFetcher.fetch(
        base: base, pages: 1...6, perPage: nil, concurrency: 3, client: HTTPClient(cache: nil),
        template: template, progress: { _, _, _ in },
        isCancelled: {
          polls.withLock { count in
            count += 1
            return count >= 3
          }
        })
    }
  }
}
