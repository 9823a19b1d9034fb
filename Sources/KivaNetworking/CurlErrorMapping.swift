import CCurlShim
import Foundation
import KivaShell

/// Turns the errors libcurl reports into `FetchError` causes.
enum CurlErrorMapping {
  /// The cause for `code`, which ended a request for `url` after `received` bytes of the
  /// body (`expected` from `Content-Length`); `responded` says whether the status line and
  /// headers of the final answer had arrived.
  static func kind(
    for code: CURLcode, url: URL, timeout: TimeInterval, maxRedirects: Int, responded: Bool,
    received: Int64, expected: Int64?
  ) -> FetchError.Kind {
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST:
      return .cannotResolve(host: url.host ?? url.absoluteString)
    case CURLE_COULDNT_RESOLVE_PROXY:
      return .other(
        url: url, reason: "cannot resolve the proxy's host — check http_proxy and https_proxy")
    case CURLE_COULDNT_CONNECT:
      return .connectionRefused(host: HTTPText.hostAndPort(url))
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(url: url, seconds: timeout)
    case CURLE_TOO_MANY_REDIRECTS:
      return .tooManyRedirects(url: url, limit: maxRedirects)
    case CURLE_ABORTED_BY_CALLBACK:
      return .cancelled
    case CURLE_UNSUPPORTED_PROTOCOL:
      return .unsupportedURL(url: url)
    case CURLE_URL_MALFORMAT:
      return .other(
        url: url, reason: "the URL is malformed — check its host and port (at most 65535)")
    default:
      break
    }
    if dropped.contains(code.rawValue) {
      // The connection closed early: mid-body, or before any answer.
      return .truncated(url: url, received: received, expected: responded ? expected : nil)
    }
    return .other(url: url, reason: reason(for: code))
  }

  /// The codes that mean the connection ended before the answer did.
  private static let dropped = Set(
    [
      CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR,
      CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM,
    ].map(\.rawValue))

  /// A readable reason for the codes that reach the catch-all.
  static func reason(for code: CURLcode) -> String {
    switch code {
    case CURLE_SSL_CONNECT_ERROR:
      return "the secure (TLS) handshake failed — is it an https server? (http:// for one"
        + " that is not)"
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_INVALIDCERTSTATUS:
      return "the server's certificate is not trusted (self-signed, expired, or for another"
        + " name; if the system clock is right, SSL_CERT_FILE can name a CA bundle that"
        + " trusts it)"
    case CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CRL_BADFILE:
      return "the CA certificates could not be read — check SSL_CERT_FILE and SSL_CERT_DIR"
    case CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
      let text = String(cString: curl_easy_strerror(code)).lowercased()
      return "the secure (TLS) connection failed: \(text) (curl error \(code.rawValue))"
    case CURLE_BAD_CONTENT_ENCODING:
      return "the compressed body could not be decoded"
    default:
      let text = String(cString: curl_easy_strerror(code))
      return "\(text.prefix(1).lowercased())\(text.dropFirst()) (curl error \(code.rawValue))"
    }
  }
}
