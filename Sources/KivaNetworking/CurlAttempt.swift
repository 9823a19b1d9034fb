import CCurlShim
import Foundation
import KivaShell

/// One attempt at one request with libcurl: an easy handle driven through a multi handle
/// on the calling thread, which sleeps in `curl_multi_poll` between events and wakes at
/// least every `HTTPTransportTiming.pollInterval` to check for cancellation and for the
/// idle timeout. No other thread and no busy waiting: a slow server costs no CPU.
enum CurlAttempt {
  /// Whether `curl_global_init` succeeded (it runs once, before the first attempt).
  private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  /// Performs `request` once.
  static func run(
    _ request: HTTPAttemptRequest, progress: @escaping @Sendable (FetchProgress) -> Void,
    isCancelled: () -> Bool
  ) -> Result<HTTPAnswer, FetchError> {
    let url = request.url
    guard initialized, let easy = curl_easy_init() else {
      return .failure(FetchError(.other(url: url, reason: "libcurl could not start")))
    }
    defer { curl_easy_cleanup(easy) }
    guard let multi = curl_multi_init() else {
      return .failure(FetchError(.other(url: url, reason: "libcurl could not start")))
    }
    defer { curl_multi_cleanup(multi) }
    let response = CurlResponse(
      maxBodyBytes: request.maxBodyBytes, attempt: request.attempt, progress: progress)
    let headers = headerList(request.headers)
    defer { curl_slist_free_all(headers) }
    let context = Unmanaged.passUnretained(response).toOpaque()
    guard configure(easy, for: request, headers: headers, context: context) else {
      return .failure(FetchError(.unsupportedURL(url: url)))
    }

    curl_multi_add_handle(multi, easy)
    defer { curl_multi_remove_handle(multi, easy) }
    let result = withExtendedLifetime(response) {
      drive(multi, response: response, timeout: request.timeout, isCancelled: isCancelled)
    }
    return outcome(
      result, of: request, response: response, finalURL: effectiveURL(easy) ?? url)
  }

  /// Runs the transfer until it ends or is stopped; libcurl's result (nil if stopped).
  private static func drive(
    _ multi: UnsafeMutableRawPointer, response: CurlResponse, timeout: TimeInterval,
    isCancelled: () -> Bool
  ) -> CURLcode? {
    let idleLimit = Duration.seconds(timeout.isFinite ? min(max(timeout, 0), 1e9) : 1e9)
    let waitMilliseconds = Int32(HTTPTransportTiming.pollMilliseconds)
    var running: Int32 = 1
    while true {
      guard curl_multi_perform(multi, &running) == CURLM_OK else { break }
      if running == 0 { break }
      if isCancelled() {
        response.stop(.cancelled)
      } else if ContinuousClock.now - response.lastActivity > idleLimit {
        response.stop(.timedOut)
      }
      if response.stopped != nil { return nil }
      guard curl_multi_poll(multi, nil, 0, waitMilliseconds, nil) == CURLM_OK else { break }
    }
    var left: Int32 = 0
    while let message = curl_multi_info_read(multi, &left) {
      if message.pointee.msg == CURLMSG_DONE { return kivash_curl_message_result(message) }
    }
    return CURLE_RECV_ERROR
  }

  /// Sets up `easy` for a GET of `request`; false when libcurl refuses an option.
  private static func configure(
    _ easy: UnsafeMutableRawPointer, for request: HTTPAttemptRequest,
    headers: UnsafeMutablePointer<curl_slist>?, context: UnsafeMutableRawPointer
  ) -> Bool {
    // The idle timeout (see `drive`) is the one that applies; libcurl's own connect
    // timeout is set past it so that it never ends an attempt first.
    let connectSeconds = request.timeout.isFinite ? min(max(request.timeout, 1), 86_400) : 86_400
    let results: [CURLcode] = [
      kivash_curl_set_text(easy, CURLOPT_URL, request.url.absoluteString),
      kivash_curl_set_text(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
      kivash_curl_set_text(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
      kivash_curl_set_long(easy, CURLOPT_HTTPGET, 1),
      kivash_curl_set_long(easy, CURLOPT_NOSIGNAL, 1),
      kivash_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1),
      kivash_curl_set_long(easy, CURLOPT_MAXREDIRS, request.maxRedirects),
      kivash_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT, Int(connectSeconds) + 1),
      // Every encoding this libcurl can decode (gzip, deflate, …), decoded as it arrives.
      kivash_curl_set_text(easy, CURLOPT_ACCEPT_ENCODING, ""),
      kivash_curl_set_list(easy, CURLOPT_HTTPHEADER, headers),
      kivash_curl_set_bytes_fn(
        easy, CURLOPT_HEADERFUNCTION, takeHeaderLine, CURLOPT_HEADERDATA, context),
      kivash_curl_set_bytes_fn(easy, CURLOPT_WRITEFUNCTION, takeBody, CURLOPT_WRITEDATA, context),
    ]
    // The CA certificates OpenSSL's own variables name (curl, the program, reads them;
    // libcurl does not): how to trust a private CA or a test server's certificate.
    let environment = ProcessInfo.processInfo.environment
    if let file = environment["SSL_CERT_FILE"] ?? environment["CURL_CA_BUNDLE"], !file.isEmpty {
      _ = kivash_curl_set_text(easy, CURLOPT_CAINFO, file)
    }
    if let folder = environment["SSL_CERT_DIR"], !folder.isEmpty {
      _ = kivash_curl_set_text(easy, CURLOPT_CAPATH, folder)
    }
    // Giving up (a timeout, Ctrl-C) must not wait for a DNS lookup still running on
    // libcurl's resolver thread; without this, cleaning up would.
    _ = kivash_curl_set_long(easy, CURLOPT_QUICK_EXIT, 1)
    return results.allSatisfy { $0 == CURLE_OK }
  }

  /// The request's headers as libcurl takes them ("Name: value"), in name order.
  private static func headerList(_ headers: [String: String]) -> UnsafeMutablePointer<curl_slist>? {
    var list: UnsafeMutablePointer<curl_slist>?
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      list = curl_slist_append(list, "\(name): \(value)")
    }
    return list
  }

  /// The URL of the last answer, after any redirects.
  private static func effectiveURL(_ easy: UnsafeMutableRawPointer) -> URL? {
    var text: UnsafePointer<CChar>?
    guard kivash_curl_get_text(easy, CURLINFO_EFFECTIVE_URL, &text) == CURLE_OK, let text
    else { return nil }
    return URL(string: String(cString: text))
  }

  /// What the attempt came to: libcurl's `result` (nil when it was stopped).
  private static func outcome(
    _ result: CURLcode?, of request: HTTPAttemptRequest, response: CurlResponse, finalURL: URL
  ) -> Result<HTTPAnswer, FetchError> {
    let url = request.url
    switch response.stopped {
    case .cancelled?: return .failure(.cancelled)
    case .timedOut?: return .failure(FetchError(.timedOut(url: url, seconds: request.timeout)))
    case .tooLarge?: return .failure(FetchError(.tooLarge(url: url, limit: request.maxBodyBytes)))
    case nil: break
    }
    let received = Int64(response.body.count)
    if let result, result != CURLE_OK {
      return .failure(
        FetchError(
          // Named after the URL that failed: after a redirect, the one redirected to.
          CurlErrorMapping.kind(
            for: result, url: finalURL, timeout: request.timeout,
            maxRedirects: request.maxRedirects,
            responded: response.responded, received: received, expected: response.expected)))
    }
    guard let status = response.status, response.responded else {
      return .failure(FetchError(.other(url: url, reason: "the answer was not HTTP")))
    }
    if let expected = response.expected, received < expected {
      return .failure(
        FetchError(.truncated(url: url, received: received, expected: expected)))
    }
    return .success(
      HTTPAnswer(status: status, headers: response.headers, body: response.body, finalURL: finalURL)
    )
  }
}

/// libcurl's header callback: one line of a head for the attempt's `CurlResponse`.
private func takeHeaderLine(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  deliver(data, size * count, to: context) { $0.takeHeaderLine($1) }
}

/// libcurl's write callback: a piece of the body for the attempt's `CurlResponse`.
private func takeBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
  _ context: UnsafeMutableRawPointer?
) -> Int {
  deliver(data, size * count, to: context) { $0.takeBody($1) }
}

/// Hands `length` bytes at `data` to the response `context` points at; returns what
/// libcurl expects back: `length` when taken, 0 to stop the transfer.
private func deliver(
  _ data: UnsafeMutablePointer<CChar>?, _ length: Int, to context: UnsafeMutableRawPointer?,
  _ take: (CurlResponse, UnsafeRawBufferPointer) -> Bool
) -> Int {
  guard let context else { return 0 }
  let response = Unmanaged<CurlResponse>.fromOpaque(context).takeUnretainedValue()
  let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length)
  return take(response, bytes) ? length : 0
}
