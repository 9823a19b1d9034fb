import Foundation

/// Turns the bytes of a Kiva loans response into loans, with errors a user can act on.
public enum LoanLoader {
  /// Decodes a `loans/newest.json`-shaped response read from `sourceName`.
  ///
  /// Malformed JSON is reported with its line and column; a response without a
  /// `loans` array, or whose loans all fail, is an error; single bad loans are
  /// skipped and listed in the result.
  public static func decode(
    _ data: Data, from sourceName: String, decoder: Settings.Decoder = .fast
  ) throws(ShellError) -> LoanStore {
    do {
      let store = try decodeStore(data, with: decoder)
      // Foundation tolerates some malformed JSON (trailing commas); when anything
      // failed, a strict check says whether the text itself is at fault.
      if !store.skipped.isEmpty, let syntax = JSONSyntaxError.find(in: data) {
        throw ShellError(
          .invalidJSON(
            source: sourceName, line: syntax.line, column: syntax.column, reason: syntax.reason))
      }
      if store.loans.isEmpty, let first = store.skipped.first {
        throw ShellError(.noLoansDecoded(source: sourceName, firstProblem: first.reason))
      }
      return store
    } catch let error as ShellError {
      throw error
    } catch let error as DecodingError {
      throw diagnose(error, in: data, from: sourceName)
    } catch {
      throw ShellError(.unreadableData(source: sourceName, reason: "\(error)"))
    }
  }

  /// Decodes the loans file at `path`, named `sourceName` in messages: a big file is
  /// read and decoded piece by piece (see `LoanFileStream`), anything else whole, with
  /// `LocalFile.read`'s and `decode`'s errors.
  ///
  /// `isCancelled` is asked between pieces: once it says yes, reading stops and the
  /// result is `.interrupted`.
  public static func load(
    path: String, as sourceName: String, decoder: Settings.Decoder = .fast,
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws(ShellError) -> LoanStore {
    if decoder == .fast {
      let store = LoanFileStream.load(
        path: path, decoder: fastDecoder, isCancelled: isCancelled)
      if let store { return store }
      if isCancelled() { throw ShellError(.interrupted) }
    }
    return try decode(LocalFile.read(path), from: sourceName, decoder: decoder)
  }

  /// The fast decoder, set up for Kiva responses.
  static var fastDecoder: FastJSONDecoder {
    var fast = FastJSONDecoder()
    fast.dateDecodingStrategy = .iso8601
    return fast
  }

  /// The loans through the chosen decoder: of a response, or of a bare array of loans
  /// (what `kivash --json list` prints, or `jq .loans`).
  static func decodeStore(_ data: Data, with decoder: Settings.Decoder) throws -> LoanStore {
    switch (decoder, startsArray(data)) {
    case (.foundation, true):
      let array = try LoanStore.makeDecoder().decodeWithoutTrapping(
        RecordArray<Loan>.self, from: data)
      return LoanStore(loans: array.elements, skipped: array.skipped)
    case (.fast, true):
      return try LoanStore.decodeArrayConcurrently(data, with: fastDecoder)
    case (.foundation, false):
      return try LoanStore.makeDecoder().decodeWithoutTrapping(LoanStore.self, from: data)
    case (.fast, false):
      return try LoanStore.decodeConcurrently(data, with: fastDecoder)
    }
  }

  /// Whether the JSON `bytes` start is an array: read as the decoders read it (past a
  /// byte order mark, UTF-16 and UTF-32 converted), its first byte past white space is
  /// `[`. Only the first 4 KiB are looked at.
  static func startsArray(_ bytes: some Collection<UInt8>) -> Bool {
    FastJSONEncoding.utf8Bytes(bytes.prefix(4096)).first { !" \t\r\n".utf8.contains($0) }
      == UInt8(ascii: "[")
  }

  private static func diagnose(
    _ error: DecodingError, in data: Data, from sourceName: String
  ) -> ShellError {
    // Malformed JSON, or valid syntax that a reader still refused: a string escape it
    // cannot turn into text, or a number too large for a Double — which is what a
    // reader's "data corrupted" may mean; beside any other error it is not the problem.
    var isCorrupted = false
    if case .dataCorrupted = error { isCorrupted = true }
    if let syntax = JSONSyntaxError.refusal(in: data, numbers: isCorrupted) {
      return ShellError(
        .invalidJSON(
          source: sourceName, line: syntax.line, column: syntax.column, reason: syntax.reason))
    }
    return ShellError(
      .notALoansResponse(source: sourceName, problem: DecodingErrorDescription(error).text))
  }
}
