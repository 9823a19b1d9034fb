import Dispatch
import Foundation
import KivaShell
import Synchronization
import Testing

/// Each fault the test server can stage, with the exact message the user sees.
@Suite("Network faults: one message per failure")
struct NetworkFaultTests {
  /// Gets `request` expecting a failure, and returns it.
  private func failure(
    _ request: FetchRequest, client: HTTPClient = HTTPClient(cache: nil),
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) -> FetchError? {
    do {
      let body = try client.get(request, isCancelled: isCancelled)
      Issue.record("expected a failure, got \(body.status) with \(body.data.count) bytes")
      return nil
    } catch {
      return error
    }
  }

  @Test("connection refused names host and port, after the retries")
  func connectionRefused() throws {
    let port = try FreePort.make()
    let recorder = SleepRecorder()
    var request = FetchRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/v1")))
    request.retries = 2
    let error = failure(request, client: HTTPClient(cache: nil, sleep: recorder.sleep))
    #expect(error?.message == "connection refused by '127.0.0.1:\(port)'")
    #expect(error?.cachedCopyAvailable == false)
    #expect(recorder.recorded.count == 2)
  }

  @Test("a server that never answers times out, without retries")
  func hang() throws {
    let server = try TestHTTPServer()
    let recorder = SleepRecorder()
    var request = FetchRequest(url: server.url("/hang"))
    request.timeout = 1
    let error = failure(request, client: HTTPClient(cache: nil, sleep: recorder.sleep))
    #expect(
      error?.message == "'\(server.url("/hang").absoluteString)' did not answer within 1 s"
        + " — try --timeout")
    #expect(recorder.recorded.isEmpty)
  }

  @Test("a 500 is retried, then the page arrives")
  func flaky500() throws {
    let server = try TestHTTPServer()
    let recorder = SleepRecorder()
    var request = FetchRequest(url: server.url("/flaky500?key=\(UUID().uuidString)&page=2"))
    request.retryBaseDelay = 0.01
    let body = try HTTPClient(cache: nil, sleep: recorder.sleep).get(request)
    #expect(body.status == 200)
    let store = try LoanLoader.decode(body.data, from: "flaky500")
    #expect(store.loans.first?.id == 1_436_753)
    #expect(recorder.recorded.count == 1)
    #expect(recorder.recorded.allSatisfy { (0.0075...0.0125).contains($0) })
    #expect(try server.requests().map(\.status) == [500, 200])
  }

  @Test("a 503 with Retry-After: 1 waits exactly one second")
  func busy503() throws {
    let server = try TestHTTPServer()
    let recorder = SleepRecorder()
    let request = FetchRequest(url: server.url("/busy503?key=\(UUID().uuidString)"))
    let reports = Mutex<[FetchProgress]>([])
    let body = try HTTPClient(cache: nil, sleep: recorder.sleep).get(
      request, progress: { report in reports.withLock { $0.append(report) } })
    #expect(body.status == 200)
    #expect(recorder.recorded == [1])
    // The progress line says why nothing arrives while it waits, then goes on as before.
    let waits = reports.withLock { $0 }.compactMap(\.waiting)
    #expect(waits == ["the server answered 503 — trying again in 1 s"])
    #expect(reports.withLock { $0 }.last?.waiting == nil)
  }

  @Test("a Retry-After longer than kivash waits, or than the timeout, fails at once")
  func longRetryAfter() throws {
    let server = try TestHTTPServer()
    for (after, timeout, said) in [(3_600, 30.0, "1 h"), (5, 1.0, "5 s"), (90, 30.0, "2 min")] {
      let recorder = SleepRecorder()
      let url = server.url("/busy503?key=\(UUID().uuidString)&after=\(after)")
      var request = FetchRequest(url: url)
      request.timeout = timeout
      let error = failure(request, client: HTTPClient(cache: nil, sleep: recorder.sleep))
      #expect(
        error?.message
          == "'\(url.absoluteString)' answered 503 Service Unavailable — it asks to wait "
          + "\(said): try again then")
      #expect(recorder.recorded.isEmpty)
    }
  }

  @Test("a 404 carries Kiva's message and is not retried")
  func missing() throws {
    let server = try TestHTTPServer()
    let recorder = SleepRecorder()
    let url = server.url("/missing")
    let error = failure(
      FetchRequest(url: url), client: HTTPClient(cache: nil, sleep: recorder.sleep))
    #expect(error?.message == "'\(url.absoluteString)' answered 404 Not Found: loan not found")
    #expect(
      error?.kind
        == .httpStatus(url: url, status: 404, serverMessage: "loan not found"))
    #expect(recorder.recorded.isEmpty)
    #expect(try server.requests().count == 1)
  }

  @Test("an HTML page where JSON was expected")
  func html() throws {
    let server = try TestHTTPServer()
    let url = server.url("/html")
    #expect(
      failure(FetchRequest(url: url))?.message
        == "'\(url.absoluteString)' sent an HTML page, not JSON (is the URL right?)")
  }

  @Test("a body cut short of its Content-Length, retried, then reported")
  func truncated() throws {
    let server = try TestHTTPServer()
    let recorder = SleepRecorder()
    let url = server.url("/truncated")
    var request = FetchRequest(url: url)
    request.retries = 1
    let error = failure(request, client: HTTPClient(cache: nil, sleep: recorder.sleep))
    #expect(
      error?.message
        == "'\(url.absoluteString)' sent 1,024 of 20,480 bytes before closing — try again")
    #expect(recorder.recorded.count == 1)
  }

  @Test("a redirect loop stops after maxRedirects")
  func redirectLoop() throws {
    let server = try TestHTTPServer()
    let url = server.url("/redirect-loop?page=1")
    let error = failure(FetchRequest(url: url))
    #expect(
      error?.message
        == "'\(url.absoluteString)' redirected more than 5 times — is it a redirect loop?")
    #expect(try server.requests().count == 6)
  }

  @Test("after a redirect, a failure names where it was redirected to")
  func failureAfterRedirect() throws {
    let server = try TestHTTPServer()
    let port = try FreePort.make()
    let refused = failure(
      FetchRequest(url: server.url("/redirect-to?url=http://127.0.0.1:\(port)/x.json")))
    #expect(refused?.message == "connection refused by '127.0.0.1:\(port)'")
    // The test server speaks plain HTTP: a TLS handshake with it fails.
    let secure = "https://127.0.0.1:\(server.port)/v1/loans/newest.json"
    let handshake = failure(FetchRequest(url: server.url("/redirect-to?url=\(secure)")))
    #expect(
      handshake?.message
        == "fetching '\(secure)' failed: the secure (TLS) handshake failed — is it an https"
        + " server? (http:// for one that is not)")
  }

  @Test(
    "a body over maxBodyBytes is refused, with or without Content-Length",
    arguments: ["/huge?bytes=5000", "/huge?bytes=5000&length=0"])
  func huge(path: String) throws {
    let server = try TestHTTPServer()
    let url = server.url(path)
    var request = FetchRequest(url: url)
    request.maxBodyBytes = 1000
    #expect(
      failure(request)?.message
        == "'\(url.absoluteString)' sent more than 1,000 bytes"
        + " — ask for fewer loans per page, or check the URL")
  }

  @Test("a large body within the limit arrives whole, with progress")
  func largeBodyArrives() throws {
    let server = try TestHTTPServer()
    let reports = Mutex<[FetchProgress]>([])
    let body = try HTTPClient(cache: nil).get(
      FetchRequest(url: server.url("/huge?bytes=3000000")),
      progress: { report in reports.withLock { $0.append(report) } })
    #expect(body.data.count == 3_000_000)
    let seen = reports.withLock { $0 }
    #expect(
      seen.last == FetchProgress(bytesReceived: 3_000_000, bytesExpected: 3_000_000, attempt: 1))
    #expect(seen.map(\.bytesReceived) == seen.map(\.bytesReceived).sorted())
  }

  @Test("isCancelled stops a slow page promptly")
  func cancelled() throws {
    let server = try TestHTTPServer()
    let polls = Mutex(0)
    var request = FetchRequest(url: server.url("/slow?delay=60"))
    request.timeout = 120
    let error = failure(request) {
      polls.withLock { count in
        count += 1
        return count >= 3
      }
    }
    #expect(error == .cancelled)
    #expect(error?.message == "fetch cancelled")
  }

  @Test("isCancelled is heard while waiting out a Retry-After")
  func cancelledWhileWaiting() throws {
    let server = try TestHTTPServer()
    let asked = Mutex<[TimeInterval]>([])
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }
    // A sleep that really waits (up to 60 s, as a failsafe), so only cancellation can
    // end `get` before the retry.
    let client = HTTPClient(cache: nil) { delay in
      asked.withLock { $0.append(delay) }
      _ = release.wait(timeout: .now() + 60)
    }
    let request = FetchRequest(url: server.url("/busy503?key=\(UUID().uuidString)"))
    let error = failure(request, client: client) { !asked.withLock { $0 }.isEmpty }
    #expect(error == .cancelled)
    #expect(asked.withLock { $0 } == [1])
    #expect(try server.requests().map(\.status) == [503])
  }

  @Test("the server down after a good fetch: a cached copy is available")
  func cachedCopyAvailable() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let url = KivaAPI.pageURL(server.newest, page: 1, perPage: nil)
    let client = HTTPClient(cache: folder.cache)
    client.remember([try client.get(FetchRequest(url: url))])
    server.stop()
    var request = FetchRequest(url: url)
    request.retries = 0
    let error = failure(request, client: HTTPClient(cache: folder.cache))
    #expect(error?.message == "connection refused by '127.0.0.1:\(server.port)'")
    #expect(error?.cachedCopyAvailable == true)
  }

  @Test("cachedOnly without a cached copy")
  func noCachedCopy() throws {
    let folder = TemporaryCache()
    defer { folder.remove() }
    let url = try #require(URL(string: "http://127.0.0.1:9/v1/loans/newest.json"))
    var request = FetchRequest(url: url)
    request.cachePolicy = .cachedOnly
    #expect(
      failure(request, client: HTTPClient(cache: folder.cache))?.message
        == "no cached copy of '\(url.absoluteString)' — fetch it once without --cached")
  }

  @Test("only http and https URLs")
  func unsupportedURL() {
    let url = URL(fileURLWithPath: "/tmp/loans.json")
    #expect(
      failure(FetchRequest(url: url))?.message
        == "'\(url.absoluteString)' is not an http or https URL")
  }
}
