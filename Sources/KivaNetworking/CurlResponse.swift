import Foundation
import KivaShell

/// What one attempt has heard so far, filled in by libcurl's callbacks. They run on the
/// thread that drives the transfer (`CurlAttempt`), so this needs no lock.
final class CurlResponse {
  /// Why the attempt was stopped before libcurl finished it.
  enum Stop: Equatable {
    case cancelled, timedOut, tooLarge
  }

  /// The final answer's status (or the one being read).
  private(set) var status: Int?
  /// The final answer's headers by lowercased name; repeated ones joined by ", ".
  private(set) var headers: [String: String] = [:]
  private(set) var body = Data()
  /// The body's length from `Content-Length`, when it is not compressed.
  private(set) var expected: Int64?
  /// Whether a status line and headers (other than a redirect's) have arrived.
  private(set) var responded = false
  /// Why the attempt was stopped, if it was (see `stop(_:)`).
  private(set) var stopped: Stop?
  /// When the server was last heard from (or the attempt started).
  private(set) var lastActivity = ContinuousClock.now

  private let maxBodyBytes: Int
  private let attempt: Int
  private let progress: @Sendable (FetchProgress) -> Void

  init(maxBodyBytes: Int, attempt: Int, progress: @escaping @Sendable (FetchProgress) -> Void) {
    self.maxBodyBytes = maxBodyBytes
    self.attempt = attempt
    self.progress = progress
  }

  /// Records why the attempt is being stopped; the first reason wins.
  func stop(_ reason: Stop) {
    if stopped == nil { stopped = reason }
  }

  /// One line of an answer's head, its line break included; false stops the transfer.
  func takeHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
    lastActivity = .now
    let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
      // A new answer: the first, one after a redirect, or the real one after "100 Continue".
      let parts = line.split(separator: " ", maxSplits: 2)
      status = parts.count > 1 ? Int(parts[1]) : nil
      headers = [:]
      expected = nil
      responded = false
      return true
    }
    guard line.isEmpty else {
      if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
      }
      return true
    }
    return headEnded()
  }

  /// The blank line after the headers: unless the answer is an interim one or a redirect
  /// libcurl follows, this is the answer whose body comes next.
  private func headEnded() -> Bool {
    guard let status, status >= 200 else { return true }
    // A redirect libcurl follows: one with somewhere to go.
    if (300...399).contains(status), status != 304, !(headers["location"] ?? "").isEmpty {
      return true
    }
    responded = true
    let encoding = headers["content-encoding"]?.lowercased() ?? "identity"
    let length = headers["content-length"].flatMap { Int64($0) }
    expected = encoding == "identity" ? length : nil
    body = Data()
    if let expected, expected > Int64(maxBodyBytes) {
      stop(.tooLarge)
      return false
    }
    progress(FetchProgress(bytesReceived: 0, bytesExpected: expected, attempt: attempt))
    return true
  }

  /// A piece of the body; false stops the transfer.
  func takeBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    lastActivity = .now
    guard stopped == nil else { return false }
    guard body.count + bytes.count <= maxBodyBytes else {
      stop(.tooLarge)
      return false
    }
    body.append(contentsOf: bytes)
    progress(
      FetchProgress(
        bytesReceived: Int64(body.count), bytesExpected: expected, attempt: attempt))
    return true
  }
}
