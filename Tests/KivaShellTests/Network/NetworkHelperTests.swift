import CCurl
import Foundation
import Testing

@testable import KivaNetworking
@testable import KivaShell

/// The pieces of the client that need no server: URLs, messages, header parsing.
@Suite("Network helpers: page URLs, messages, headers")
struct NetworkHelperTests {
  private let url = URL(string: "https://api.example.org/v1/loans/newest.json")

  @Test("the default endpoint is Kiva's newest loans")
  func defaultEndpoint() {
    #expect(
      KivaAPI.defaultEndpoint.absoluteString == "https://api.kivaws.org/v1/loans/newest.json")
  }

  @Test(
    "pageURL sets, replaces and removes page and per_page",
    arguments: [
      ("https://h/x.json", 2, 50, "https://h/x.json?page=2&per_page=50"),
      ("https://h/x.json?page=1&sort=new", 3, nil, "https://h/x.json?sort=new&page=3"),
      ("https://h/x.json?per_page=5&page=4", nil, nil, "https://h/x.json"),
      ("https://h/x.json?a=1", nil, 7, "https://h/x.json?a=1&per_page=7"),
      ("https://h/x.json?t=00%2B00:00&q=a+b", nil, nil, "https://h/x.json?t=00%2B00:00&q=a+b"),
      ("https://h/x.json?t=00%2B00&per%5Fpage=9", 2, nil, "https://h/x.json?t=00%2B00&page=2"),
      ("https://h/x.json?s=%3B%2F&flag&page=1", nil, nil, "https://h/x.json?s=%3B%2F&flag"),
    ] as [(String, Int?, Int?, String)])
  func pageURL(base: String, page: Int?, perPage: Int?, expected: String) throws {
    let base = try #require(URL(string: base))
    #expect(KivaAPI.pageURL(base, page: page, perPage: perPage).absoluteString == expected)
  }

  @Test("messages: one line, naming the URL or host")
  func messages() throws {
    let url = try #require(self.url)
    let text = url.absoluteString
    let cases: [(FetchError.Kind, String)] = [
      (
        .cannotResolve(host: "api.example.org"),
        "cannot resolve 'api.example.org' — are you offline? bare 'fetch' uses the built-in snapshot"
      ),
      (.connectionRefused(host: "127.0.0.1:8080"), "connection refused by '127.0.0.1:8080'"),
      (.timedOut(url: url, seconds: 30), "'\(text)' did not answer within 30 s — try --timeout"),
      (.timedOut(url: url, seconds: 2.5), "'\(text)' did not answer within 2.5 s — try --timeout"),
      (
        .httpStatus(url: url, status: 404, serverMessage: "loan not found"),
        "'\(text)' answered 404 Not Found: loan not found"
      ),
      (.httpStatus(url: url, status: 403, serverMessage: nil), "'\(text)' answered 403 Forbidden"),
      (
        .httpStatus(url: url, status: 503, serverMessage: nil),
        "'\(text)' answered 503 Service Unavailable — try again later"
      ),
      (.htmlInsteadOfJSON(url: url), "'\(text)' sent an HTML page, not JSON (is the URL right?)"),
      (
        .truncated(url: url, received: 1024, expected: 20480),
        "'\(text)' sent 1,024 of 20,480 bytes before closing — try again"
      ),
      (
        .truncated(url: url, received: 0, expected: nil),
        "'\(text)' closed the connection after 0 bytes — try again"
      ),
      (
        .tooLarge(url: url, limit: 64 << 20),
        "'\(text)' sent more than 64 MB — ask for fewer loans per page, or check the URL"
      ),
      (
        .tooManyRedirects(url: url, limit: 5),
        "'\(text)' redirected more than 5 times — is it a redirect loop?"
      ),
      (.cancelled, "fetch cancelled"),
      (.noCachedCopy(url: url), "no cached copy of '\(text)' — fetch it once without --cached"),
      (.other(url: url, reason: "network error -1"), "fetching '\(text)' failed: network error -1"),
    ]
    for (kind, message) in cases {
      #expect(FetchError(kind).message == message)
      #expect(!FetchError(kind).message.contains("\n"))
    }
  }

  @Test("libcurl's errors map to causes")
  func curlErrors() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080/v1"))
    func kind(
      _ code: CURLcode, responded: Bool = false, received: Int64 = 0, expected: Int64? = nil
    ) -> FetchError.Kind {
      CurlErrorMapping.kind(
        for: code, url: url, timeout: 30, maxRedirects: 5, responded: responded,
        received: received, expected: expected)
    }
    #expect(kind(CURLE_COULDNT_RESOLVE_HOST) == .cannotResolve(host: "127.0.0.1"))
    #expect(kind(CURLE_COULDNT_CONNECT) == .connectionRefused(host: "127.0.0.1:8080"))
    #expect(
      kind(CURLE_COULDNT_RESOLVE_PROXY)
        == .other(
          url: url, reason: "cannot resolve the proxy's host — check http_proxy and https_proxy"))
    #expect(kind(CURLE_OPERATION_TIMEDOUT) == .timedOut(url: url, seconds: 30))
    #expect(kind(CURLE_TOO_MANY_REDIRECTS) == .tooManyRedirects(url: url, limit: 5))
    #expect(kind(CURLE_UNSUPPORTED_PROTOCOL) == .unsupportedURL(url: url))
    #expect(
      kind(CURLE_URL_MALFORMAT)
        == .other(
          url: url, reason: "the URL is malformed — check its host and port (at most 65535)"))
    #expect(
      kind(CURLE_PARTIAL_FILE, responded: true, received: 10, expected: 99)
        == .truncated(url: url, received: 10, expected: 99))
    #expect(
      kind(CURLE_RECV_ERROR, received: 0, expected: 99)
        == .truncated(url: url, received: 0, expected: nil))
    #expect(kind(CURLE_GOT_NOTHING) == .truncated(url: url, received: 0, expected: nil))
    #expect(kind(CURLE_ABORTED_BY_CALLBACK) == .cancelled)
    #expect(
      kind(CURLE_PEER_FAILED_VERIFICATION)
        == .other(
          url: url,
          reason: "the server's certificate is not trusted (self-signed, expired, or for"
            + " another name; if the system clock is right, SSL_CERT_FILE can name a CA bundle"
            + " that trusts it)"))
    #expect(
      kind(CURLE_BAD_CONTENT_ENCODING)
        == .other(url: url, reason: "the compressed body could not be decoded"))
    #expect(
      kind(CURLE_LOGIN_DENIED)
        == .other(url: url, reason: "login denied (curl error 67)"))
  }

  @Test("host and port for messages, with the scheme's default port")
  func hostAndPort() throws {
    #expect(
      HTTPText.hostAndPort(try #require(URL(string: "https://api.kivaws.org/x")))
        == "api.kivaws.org:443")
    #expect(
      HTTPText.hostAndPort(try #require(URL(string: "http://example.org/x"))) == "example.org:80")
  }

  @Test("numbers and sizes")
  func numbers() {
    #expect(HTTPText.grouped(0) == "0")
    #expect(HTTPText.grouped(999) == "999")
    #expect(HTTPText.grouped(1000) == "1,000")
    #expect(HTTPText.grouped(1_234_567) == "1,234,567")
    #expect(HTTPText.byteCount(64 << 20) == "64 MB")
    #expect(HTTPText.byteCount(512 << 10) == "512 KB")
    #expect(HTTPText.byteCount(1000) == "1,000 bytes")
    #expect(
      [45, 60, 61, 3_541, 3_600, 5_400, 86_400, 86_401, 86_400 * 3].map(HTTPText.duration)
        == ["45 s", "1 min", "2 min", "1 h", "1 h", "1 h 30 min", "1 day", "1 day", "3 days"])
  }

  @Test("HTML starts with '<', or is declared by Content-Type and is not JSON")
  func html() {
    #expect(ResponseCheck.isHTML(contentType: "text/html; charset=utf-8", body: Data("Hi".utf8)))
    // JSON labelled HTML (PHP's default type) is JSON.
    #expect(
      !ResponseCheck.isHTML(contentType: "text/html; charset=utf-8", body: Data(" {}".utf8)))
    #expect(!ResponseCheck.isHTML(contentType: "text/html", body: Data("\u{FEFF}[1]".utf8)))
    #expect(ResponseCheck.isHTML(contentType: "Application/XHTML+XML", body: Data()))
    #expect(ResponseCheck.isHTML(contentType: nil, body: Data("\u{FEFF}\n  <!DOCTYPE html>".utf8)))
    #expect(!ResponseCheck.isHTML(contentType: "application/json", body: Data("{\"a\": 1}".utf8)))
    #expect(!ResponseCheck.isHTML(contentType: "text/plain", body: Data(" [1]".utf8)))
    #expect(!ResponseCheck.isHTML(contentType: nil, body: Data()))
  }

  @Test("Kiva's error message, plain or inside 'error'")
  func kivaMessage() {
    #expect(ResponseCheck.kivaMessage(in: Data(#"{"code":"x","message":"gone"}"#.utf8)) == "gone")
    #expect(
      ResponseCheck.kivaMessage(in: Data(#"{"error":{"message":"two\nlines"}}"#.utf8))
        == "two lines")
    #expect(ResponseCheck.kivaMessage(in: Data("<html>".utf8)) == nil)
    #expect(ResponseCheck.kivaMessage(in: Data(#"{"message": 3}"#.utf8)) == nil)
  }

  @Test("Retry-After as seconds or as an HTTP date")
  func retryAfter() throws {
    let now = try #require(ResponseCheck.httpDate("Tue, 12 Jun 2012 20:30:00 GMT"))
    #expect(ResponseCheck.retryAfter("1", now: now) == 1)
    #expect(ResponseCheck.retryAfter(" 120 ", now: now) == 120)
    #expect(ResponseCheck.retryAfter("Tue, 12 Jun 2012 20:30:07 GMT", now: now) == 7)
    #expect(ResponseCheck.retryAfter("Tuesday, 12-Jun-12 20:30:09 GMT", now: now) == 9)
    #expect(ResponseCheck.retryAfter("Tue Jun 12 20:30:05 2012", now: now) == 5)
    #expect(ResponseCheck.retryAfter("Mon, 11 Jun 2012 20:30:00 GMT", now: now) == 0)
    #expect(ResponseCheck.retryAfter("soon", now: now) == nil)
    #expect(ResponseCheck.retryAfter(nil, now: now) == nil)
  }

  @Test("waits between attempts stay within 0…30 s, whatever the input")
  func capped() {
    #expect(HTTPClient.capped(1) == 1)
    #expect(HTTPClient.capped(-5) == 0)
    #expect(HTTPClient.capped(3600) == 30)
    #expect(HTTPClient.capped(.infinity) == 30)
    #expect(HTTPClient.capped(.nan) == 30)
  }

  @Test("backoff doubles from the base, within the jitter")
  func backoff() {
    let client = HTTPClient(cache: nil)
    for attempt in 1...4 {
      let full = 0.5 * pow(2, Double(attempt - 1))
      let delay = client.backoff(base: 0.5, attempt: attempt)
      #expect((full * 0.75...full * 1.25).contains(delay))
    }
  }
}
