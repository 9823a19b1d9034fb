import Foundation

/// Reading what a server answered: HTML where JSON was expected, Kiva's error message,
/// and `Retry-After`.
enum ResponseCheck {
  /// Whether a body is an HTML page rather than JSON.
  ///
  /// The body decides: its first byte after any byte-order mark and white space is `<`,
  /// which no JSON text can start with, or `{`/`[`, which no HTML page does (a server that
  /// labels its JSON `text/html`, as PHP does by default, still sent JSON). Otherwise the
  /// label does: a `Content-Type` of `text/html` or `application/xhtml+xml`. A body
  /// labelled `text/plain` or not at all is not taken for HTML.
  static func isHTML(contentType: String?, body: Data) -> Bool {
    let first = ByteOrderMark.dropped(from: body).first {
      !(($0 == 0x20) || ($0 == 0x09) || ($0 == 0x0A) || ($0 == 0x0D))
    }
    if first == UInt8(ascii: "<") { return true }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return false }
    guard let contentType else { return false }
    let mediaType = contentType.split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    return mediaType == "text/html" || mediaType == "application/xhtml+xml"
  }

  /// Kiva's error message from a body like `{"code": "org.kiva.NotFound", "message":
  /// "loan not found"}` (also inside an `"error"` object), cut to one line of at most
  /// 200 characters; nil for any other body.
  static func kivaMessage(in body: Data) -> String? {
    guard !body.isEmpty, body.count <= 64 << 10,
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    else { return nil }
    let holder = (object["error"] as? [String: Any]) ?? object
    guard let message = holder["message"] as? String else { return nil }
    let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
      .trimmingCharacters(in: .whitespaces)
    guard !line.isEmpty else { return nil }
    return line.count > 200 ? String(line.prefix(199)) + "…" : line
  }

  /// The wait a `Retry-After` header asks for, in seconds from `now`: either a number of
  /// seconds or an HTTP date. Nil when the header does not parse; never negative.
  static func retryAfter(_ header: String?, now: Date = Date()) -> TimeInterval? {
    guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
      return nil
    }
    if let seconds = Int(text) { return TimeInterval(max(0, seconds)) }
    guard let date = httpDate(text) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  /// Parses the three date formats HTTP allows (RFC 9110 §5.6.7).
  static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    for format in [
      "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ] {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
