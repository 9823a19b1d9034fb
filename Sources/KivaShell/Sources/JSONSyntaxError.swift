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
  /// Arrays and objects nested more than `maximumDepth` deep (512 by default, as deep as
  /// kivash's decoders read) are an error too.
  public static func find(
    in bytes: some Collection<UInt8>,
    maximumDepth: Int = JSONSyntaxScanner.maximumDepth
  ) -> JSONSyntaxError? {
    var scanner = JSONSyntaxScanner(Array(bytes), maximumDepth: maximumDepth)
    guard let failure = scanner.scanDocument() else { return nil }
    return scanner.locate(failure)
  }
}
