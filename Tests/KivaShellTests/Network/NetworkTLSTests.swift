import Foundation
import Testing

/// HTTPS against a test server with a self-signed certificate: trusted through
/// `SSL_CERT_FILE`, refused without it, and a bad bundle named as such.
@Suite("Network over TLS: a private certificate, trusted or not")
struct NetworkTLSTests {
  private func fetch(_ url: URL, certificates: String) throws -> BinaryRun {
    try BinaryRun.run(
      ["-c", "fetch \(url.absoluteString)"],
      environment: ["SSL_CERT_FILE": certificates, "SSL_CERT_DIR": "", "CURL_CA_BUNDLE": ""])
  }

  @Test("SSL_CERT_FILE naming the certificate lets the fetch through")
  func trusted() throws {
    let server = try TestHTTPServer(tls: true)
    let run = try fetch(server.newest, certificates: TestHTTPServer.certificate.path)
    #expect(run.status == 0)
    #expect(
      run.output
        == "fetched 20 loans from '\(server.newest.absoluteString)'\npage 1 of 5, 100 loans in all\n"
    )
  }

  @Test("without it the certificate is not trusted; a missing bundle is named")
  func untrusted() throws {
    let server = try TestHTTPServer(tls: true)
    let failing = "error: fetching '\(server.newest.absoluteString)' failed: "
    let plain = try fetch(server.newest, certificates: "")
    #expect(plain.status == 1)
    #expect(
      plain.output
        == failing + "the server's certificate is not trusted (self-signed, expired, or for"
        + " another name; if the system clock is right, SSL_CERT_FILE can name a CA bundle"
        + " that trusts it)\n")
    let missing = try fetch(server.newest, certificates: "/nonexistent/ca.pem")
    #expect(missing.status == 1)
    #expect(
      missing.output
        == failing + "the CA certificates could not be read — check SSL_CERT_FILE and"
        + " SSL_CERT_DIR\n")
  }
}
