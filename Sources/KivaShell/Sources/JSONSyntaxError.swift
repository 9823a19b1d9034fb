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
  /// The bytes are read as the decoders read them (`FastJSONEncoding.utf8Bytes`): past a
  /// byte order mark, UTF-16 and UTF-32 converted; lines and columns count in that text.
  /// Arrays and objects nested more than `maximumDepth` deep (512 by default, as deep as
  /// kivash's decoders read) are an error too.
  public static func find(
    in bytes: some Collection<UInt8>,
    maximumDepth: Int = JSONSyntaxScanner.maximumDepth
  ) -> JSONSyntaxError? {
    var scanner = JSONSyntaxScanner(
      FastJSONEncoding.utf8Bytes(bytes), maximumDepth: maximumDepth)
    guard let failure = scanner.scanDocument() else { return nil }
    return scanner.locate(failure)
  }

  /// The first thing in `bytes` that JSON readers refuse: a syntax error; else, in valid
  /// syntax, a `\u` escape of half a surrogate pair; else, with `numbers`, a number
  /// beyond any Swift type. Nil when there is none.
  public static func refusal(in bytes: some Collection<UInt8>, numbers: Bool)
    -> JSONSyntaxError?
  {
    let text = FastJSONEncoding.utf8Bytes(bytes)
    return find(in: text) ?? unpairedSurrogate(in: text)
      ?? (numbers ? numberOutOfRange(in: text) : nil)
  }
}
