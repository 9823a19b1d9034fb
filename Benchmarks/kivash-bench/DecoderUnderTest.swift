import Foundation
import KivaShell

/// One way of turning a `loans/newest.json` file into a `LoanStore`, named for the report.
struct DecoderUnderTest: Sendable {
  /// How the report names it.
  var name: String
  /// How `--only` names it.
  var key: String
  /// Decodes a whole response (the file's bytes, already read, and its path); returns
  /// how many loans it holds, and the store when the decoder makes one.
  var decode: @Sendable (Data, String) throws -> (loans: Int, store: LoanStore?)

  init(
    name: String, key: String,
    decode: @escaping @Sendable (Data, String) throws -> (loans: Int, store: LoanStore?)
  ) {
    self.name = name
    self.key = key
    self.decode = decode
  }

  /// A decoder that makes a `LoanStore`.
  init(name: String, key: String, store: @escaping @Sendable (Data, String) throws -> LoanStore) {
    self.init(name: name, key: key) { data, path in
      let loans = try store(data, path)
      return (loans.loans.count, loans)
    }
  }

  /// Foundation's `JSONDecoder`, set up as kivash sets it up (ISO 8601 dates).
  static let foundation = DecoderUnderTest(
    name: "Foundation JSONDecoder", key: "foundation"
  ) { (data: Data, _: String) -> LoanStore in
    try LoanStore.makeDecoder().decode(LoanStore.self, from: data)
  }

  /// The fast decoder on one core, with the same date strategy as Foundation's.
  static let fast = DecoderUnderTest(name: "FastJSONDecoder, 1 core", key: "fast") {
    (data: Data, _: String) -> LoanStore in
    try fastDecoder.decode(LoanStore.self, from: data)
  }

  /// The fast decoder on one core, decoding a model it was not built for: its generic
  /// path (see `UnfamiliarLoan`).
  static let fastUnfamiliar = DecoderUnderTest(
    name: "FastJSONDecoder, 1 core, other model", key: "fast-other"
  ) { data, _ in
    (try fastDecoder.decode(UnfamiliarLoanStore.self, from: data).loans.count, nil)
  }

  /// The fast decoder with the loans spread over every core, as `fetch` decodes a
  /// response it has in memory.
  static let fastAllCores = DecoderUnderTest(name: "FastJSONDecoder, all cores", key: "all-cores") {
    (data: Data, _: String) -> LoanStore in
    try LoanStore.decodeConcurrently(data, with: fastDecoder)
  }

  /// `fetch FILE` without loading the collection: the file read in pieces and decoded
  /// while it is read (the bytes already read are not used).
  static let fetchFile = DecoderUnderTest(name: "fetch FILE (read + decode)", key: "fetch") {
    (_: Data, path: String) -> LoanStore in
    try LoanLoader.load(path: path, as: path)
  }

  private static var fastDecoder: FastJSONDecoder {
    var decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// Every decoder to measure, Foundation's first.
  static let all = [foundation, fast, fastUnfamiliar, fastAllCores, fetchFile]
}
