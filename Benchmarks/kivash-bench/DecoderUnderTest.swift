import Foundation
import KivaShell

/// One way of turning a `loans/newest.json` file into a `LoanStore`, named for the report.
struct DecoderUnderTest: Sendable {
  /// How the report names it.
  var name: String
  /// How `--only` names it.
  var key: String
  /// Decodes a whole response: the file's bytes, already read, and its path.
  var decode: @Sendable (Data, String) throws -> LoanStore

  /// Foundation's `JSONDecoder`, set up as kivash sets it up (ISO 8601 dates).
  static let foundation = DecoderUnderTest(name: "Foundation JSONDecoder", key: "foundation") {
    data, _ in
    try LoanStore.makeDecoder().decode(LoanStore.self, from: data)
  }

  /// The fast decoder on one core, with the same date strategy as Foundation's.
  static let fast = DecoderUnderTest(name: "FastJSONDecoder, 1 core", key: "fast") { data, _ in
    try fastDecoder.decode(LoanStore.self, from: data)
  }

  /// The fast decoder with the loans spread over every core, as `fetch` decodes a
  /// response it has in memory.
  static let fastAllCores = DecoderUnderTest(name: "FastJSONDecoder, all cores", key: "all-cores") {
    data, _ in
    try LoanStore.decodeConcurrently(data, with: fastDecoder)
  }

  /// `fetch FILE` without loading the collection: the file read in pieces and decoded
  /// while it is read (the bytes already read are not used).
  static let fetchFile = DecoderUnderTest(name: "fetch FILE (read + decode)", key: "fetch") {
    _, path in
    try LoanLoader.load(path: path, as: path)
  }

  private static var fastDecoder: FastJSONDecoder {
    var decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// Every decoder to measure, Foundation's first.
  static let all = [foundation, fast, fastAllCores, fetchFile]
}
