/// Where and why a JSON text is malformed: Foundation on Linux reports no position,
/// so kivash finds the first error itself.
public struct JSONSyntaxError: Error, Equatable, Sendable {
  /// Line of the error, from 1.
  public var line: Int
  /// Column of the error in characters, from 1.
  public var column: Int
  /// What was wrong there: "expected ',' or '}' after an object member".
  public var reason: String

  /// Scans `bytes` and returns its first syntax error, or nil when it is valid JSON.
  /// A UTF-8 byte order mark before it is skipped, as the decoders skip it; columns on
  /// the first line then count from after it.
  /// Arrays and objects nested more than `maximumDepth` deep (512 by default, as deep as
  /// kivash's decoders read) are an error too.
  public static func find(
    in bytes: some Collection<UInt8>,
    maximumDepth: Int = JSONSyntaxScanner.maximumDepth
  ) -> JSONSyntaxError? {
    var text = Array(bytes)
    if text.starts(with: utf8ByteOrderMark) { text.removeFirst(utf8ByteOrderMark.count) }
    var scanner = JSONSyntaxScanner(text, maximumDepth: maximumDepth)
    guard let failure = scanner.scanDocument() else { return nil }
    return scanner.locate(failure)
  }

  /// The bytes some editors write before UTF-8 text.
  static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
