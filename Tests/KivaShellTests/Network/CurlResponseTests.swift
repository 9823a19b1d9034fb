import Foundation
import Testing

@testable import KivaNetworking
@testable import KivaShell

/// How the helper reads what libcurl hands it: heads line by line (interim answers and
/// followed redirects included), then the body.
@Suite("Network: libcurl's heads and bodies")
struct CurlResponseTests {
  /// Progress reports, kept for the test to read.
  private final class Reports: Sendable {
    let list = Locked([FetchProgress]())
  }

  private func response(maxBodyBytes: Int = 1_000, reports: Reports = Reports()) -> CurlResponse {
    CurlResponse(maxBodyBytes: maxBodyBytes, attempt: 2) { report in
      reports.list.withLock { $0.append(report) }
    }
  }

  /// Feeds `lines` (each given its CRLF) as one head; whether every line was taken.
  private func feed(_ response: CurlResponse, _ lines: [String]) -> Bool {
    lines.allSatisfy { line in
      Array((line + "\r\n").utf8).withUnsafeBytes { response.takeHeaderLine($0) }
    }
  }

  @Test("the final answer's head counts: interim answers and redirects are passed over")
  func finalHead() {
    let reports = Reports()
    let response = response(reports: reports)
    #expect(feed(response, ["HTTP/1.1 100 Continue", ""]))
    #expect(
      feed(response, ["HTTP/1.1 302 Found", "Location: /next", "Content-Length: 5000", ""]))
    #expect(!response.responded)
    #expect(reports.list.withLock { $0 }.isEmpty)
    #expect(
      feed(
        response,
        [
          "HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: 12",
          "Set-Cookie: a=1", "set-cookie: b=2", "X-Spaced:   padded  ", "",
        ]))
    #expect(response.responded)
    #expect(response.status == 200)
    #expect(
      response.headers == [
        "content-type": "application/json", "content-length": "12", "set-cookie": "a=1, b=2",
        "x-spaced": "padded",
      ])
    #expect(response.expected == 12)
    #expect(
      reports.list.withLock { $0 } == [
        FetchProgress(bytesReceived: 0, bytesExpected: 12, attempt: 2)
      ])
  }

  @Test("a 304 is the final answer even though it is a 3xx (libcurl follows no 304)")
  func notModified() {
    let response = response()
    #expect(feed(response, ["HTTP/2 304", "etag: \"abc\"", "location: /elsewhere", ""]))
    #expect(response.responded)
    #expect(response.status == 304)
    #expect(response.headers == ["etag": "\"abc\"", "location": "/elsewhere"])
  }

  @Test("a 3xx with nowhere to go is the final answer: libcurl follows none")
  func redirectWithoutLocation() {
    let response = response()
    #expect(feed(response, ["HTTP/1.1 302 Found", "Location:", ""]))
    #expect(response.responded)
    #expect(response.status == 302)
  }

  @Test("a compressed body has no expected length: Content-Length counts the compressed bytes")
  func compressed() {
    let response = response()
    #expect(
      feed(response, ["HTTP/1.1 200 OK", "Content-Encoding: gzip", "Content-Length: 40", ""]))
    #expect(response.expected == nil)
  }

  @Test("a body announced over the limit stops the attempt at its head")
  func announcedTooLarge() {
    let response = response(maxBodyBytes: 100)
    #expect(!feed(response, ["HTTP/1.1 200 OK", "Content-Length: 101", ""]))
    #expect(response.stopped == .tooLarge)
  }

  @Test("the body is kept piece by piece, with progress, and stops past the limit")
  func body() {
    let reports = Reports()
    let response = response(maxBodyBytes: 10, reports: reports)
    #expect(feed(response, ["HTTP/1.1 200 OK", ""]))
    #expect(Array("abcdef".utf8).withUnsafeBytes { response.takeBody($0) })
    #expect(Array("ghij".utf8).withUnsafeBytes { response.takeBody($0) })
    #expect(!Array("k".utf8).withUnsafeBytes { response.takeBody($0) })
    #expect(response.stopped == .tooLarge)
    #expect(response.body == Data("abcdefghij".utf8))
    #expect(
      reports.list.withLock { $0 }.map(\.bytesReceived) == [0, 6, 10])
  }

  @Test("the first reason to stop is the one kept")
  func firstStopWins() {
    let response = response()
    response.stop(.cancelled)
    response.stop(.timedOut)
    #expect(response.stopped == .cancelled)
  }
}
