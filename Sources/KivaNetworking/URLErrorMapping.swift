import Foundation
import KivaShell

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns the errors URLSession reports into `FetchError` causes.
enum URLErrorMapping {
  /// The cause for `error`, which ended a request for `url` after `received` bytes of the
  /// body (`expected` from `Content-Length`); `responded` says whether the status line and
  /// headers had arrived.
  static func kind(
    for error: any Error, url: URL, timeout: TimeInterval, responded: Bool, received: Int64,
    expected: Int64?
  ) -> FetchError.Kind {
    let error = error as NSError
    guard error.domain == NSURLErrorDomain else {
      return .other(url: url, reason: oneLine(error.localizedDescription))
    }
    let code = URLError.Code(rawValue: error.code) ?? .unknown
    switch code {
    case .timedOut:
      return .timedOut(url: url, seconds: timeout)
    case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
      return .cannotResolve(host: url.host ?? url.absoluteString)
    case .cannotConnectToHost:
      return .connectionRefused(host: HTTPText.hostAndPort(url))
    case .httpTooManyRedirects:
      return .tooManyRedirects(url: url, limit: 16)
    case .cancelled:
      return .cancelled
    case .unsupportedURL, .badURL:
      return .unsupportedURL(url: url)
    default:
      break
    }
    // The connection closed early: mid-body, or before any answer. libcurl reports this
    // under several codes (a short body, a dropped connection, an empty reply).
    let dropped: Set<URLError.Code> = [
      .networkConnectionLost, .cannotParseResponse, .badServerResponse, .zeroByteResource,
      .cannotDecodeRawData,
    ]
    if let expected, responded, received < expected {
      return .truncated(url: url, received: received, expected: expected)
    }
    if dropped.contains(code) {
      return .truncated(url: url, received: received, expected: responded ? expected : nil)
    }
    return .other(url: url, reason: description(of: code, number: error.code))
  }

  /// A readable reason for the codes that reach the catch-all.
  static func description(of code: URLError.Code, number: Int) -> String {
    switch code {
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
      .clientCertificateRejected, .clientCertificateRequired:
      return "the secure (TLS) connection failed — is the system clock right?"
    case .resourceUnavailable:
      return "the resource is unavailable"
    case .cannotDecodeContentData:
      return "the compressed body could not be decoded"
    default:
      return "network error \(number)"
    }
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
