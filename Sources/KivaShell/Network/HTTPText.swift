import Foundation

/// Numbers, sizes, durations and status codes as fetch messages print them.
public enum HTTPText {
  /// `20480` → `20,480`, whatever the locale.
  static func grouped(_ value: Int64) -> String {
    let digits = String(value.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return value < 0 ? "-" + text : text
  }

  /// A byte limit: `64 MB` for whole mebibytes, `512 KB` for whole kibibytes, otherwise
  /// `1,000 bytes`.
  static func byteCount(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
    return "\(grouped(Int64(bytes))) " + (bytes == 1 ? "byte" : "bytes")
  }

  /// `30 s`, or `1.5 s` for a fraction.
  static func seconds(_ interval: TimeInterval) -> String {
    if interval.rounded() == interval, abs(interval) < 1e9 { return "\(Int(interval)) s" }
    return String(format: "%.1f s", interval)
  }

  /// A wait as a person says it: `45 s`, `2 min`, `1 h 30 min`, `2 days`.
  static func duration(_ interval: TimeInterval) -> String {
    let seconds = interval.isNaN ? 0 : Int(min(max(interval, 0), 1e9).rounded(.up))
    let minutes = (seconds + 59) / 60
    if seconds < 60 { return "\(seconds) s" }
    if minutes < 60 { return "\(minutes) min" }
    if minutes < 24 * 60 {
      return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
    let days = Int((Double(seconds) / 86_400).rounded())
    return days == 1 ? "1 day" : "\(days) days"
  }

  /// The standard reason phrase for a status, `HTTP error` for one it does not know.
  static func reasonPhrase(_ status: Int) -> String {
    phrases[status] ?? (status >= 500 ? "Server Error" : "HTTP error")
  }

  private static let phrases: [Int: String] = [
    200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
    301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
    307: "Temporary Redirect", 308: "Permanent Redirect",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
    410: "Gone", 413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
    418: "I'm a teapot", 422: "Unprocessable Content", 429: "Too Many Requests",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout",
  ]

  /// `host:port` for messages about connections, with the scheme's default port.
  public static func hostAndPort(_ url: URL) -> String {
    let host = url.host ?? url.absoluteString
    let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    if let port = url.port { return "\(shownHost):\(port)" }
    return url.scheme?.lowercased() == "http" ? "\(shownHost):80" : "\(shownHost):443"
  }
}

extension URL {
  /// The URL as messages show it: with a password in it (`http://user:pw@host/…`) written
  /// `***`, as a message may be read over a shoulder, pasted, or kept in a log.
  public var shown: String {
    guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false),
      components.password != nil
    else { return absoluteString }
    components.percentEncodedPassword = "***"
    return components.string ?? absoluteString
  }
}
