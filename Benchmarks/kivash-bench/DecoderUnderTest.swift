import Foundation
import KivaShell

/// One way of turning a `loans/newest.json` body into a `LoanStore`, named for the report.
///
/// The benchmark measures decoders only through this closure, so a decoder that is
/// not on this branch yet costs nothing but the one switch below.
struct DecoderUnderTest: Sendable {
  /// How the report names it.
  var name: String
  /// Decodes a whole response.
  var decode: @Sendable (Data) throws -> LoanStore

  /// Foundation's `JSONDecoder`, set up as kivash sets it up (ISO 8601 dates).
  static let foundation = DecoderUnderTest(name: "Foundation JSONDecoder") { data in
    try LoanStore.makeDecoder().decode(LoanStore.self, from: data)
  }

  /// Every decoder to measure, Foundation's first.
  static var all: [DecoderUnderTest] {
    [foundation] + (fast.map { [$0] } ?? [])
  }
}

// The fast decoder (Sources/KivaShell/FastJSON) is being written on another branch.
// At the merge, change the next line to `#if true`; nothing else needs to change.
#if true  // MERGE: switch on FastJSONDecoder
  extension DecoderUnderTest {
    /// The fast decoder, with the same date strategy as Foundation's.
    static let fast: DecoderUnderTest? = DecoderUnderTest(name: "FastJSONDecoder") { data in
      var decoder = FastJSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return try decoder.decode(LoanStore.self, from: data)
    }
  }
#else
  extension DecoderUnderTest {
    /// Not on this branch yet: the report marks it as pending.
    static let fast: DecoderUnderTest? = nil
  }
#endif
