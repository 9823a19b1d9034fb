import Foundation
import KivaShell
import Testing

/// Compressed answers: the helper asks for them and decodes them as they arrive.
@Suite("Network: compressed answers")
struct NetworkEncodingTests {
  @Test("a gzip-compressed page decodes to the same loans")
  func gzipPage() throws {
    let server = try TestHTTPServer()
    let body = try HTTPClient(cache: nil).get(FetchRequest(url: server.url("/gzip?page=2")))
    #expect(body.status == 200)
    let store = try LoanLoader.decode(body.data, from: "gzip")
    #expect(store.loans.count == 20)
    #expect(store.loans.first?.id == 1_436_753)
  }

  @Test("a body that says gzip but is not: one line that says so")
  func brokenGzip() throws {
    let server = try TestHTTPServer()
    let url = server.url("/gzip-broken")
    var request = FetchRequest(url: url)
    request.retries = 0
    do {
      let body = try HTTPClient(cache: nil).get(request)
      Issue.record("expected a failure, got \(body.status) with \(body.data.count) bytes")
    } catch {
      #expect(
        error.message
          == "fetching '\(url.absoluteString)' failed: the compressed body could not be decoded")
    }
  }
}
