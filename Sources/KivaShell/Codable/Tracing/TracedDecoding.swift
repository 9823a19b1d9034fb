import Foundation

/// Decodes a real Swift type with Foundation's `JSONDecoder` and records every call its
/// `init(from:)` makes (and those of the types it decodes in turn) into a `DecodingTrace`:
///
/// ```
/// Loan.init(from: decoder)
///   container(keyedBy: CodingKeys.self)
///     decode(Int.self, forKey: .id → "id") → 436753
///     decode(Int.self, forKey: .amount → "loan_amount") → 800
///     nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location")
///       decode(String.self, forKey: .country → "country") → "Cambodia"
/// ```
///
/// The decoding itself stays Foundation's: every call is forwarded to Foundation's decoder
/// and containers, so key and date strategies apply and errors are the ones `JSONDecoder`
/// throws. Dates, `Data`, `URL`, `Decimal` and `[String: …]` dictionaries are decoded by
/// Foundation directly (their strategies live there) and show as one line with the value;
/// other nested types show as a scope holding their own `init(from:)`.
///
/// A failing call is recorded as `… ✗ keyNotFound` (the `DecodingError` case) before the
/// error is rethrown unchanged.
public enum TracedDecoding {
  /// Decodes `type` from `data` with a `JSONDecoder` configured from `options`, recording
  /// the calls into `trace`.
  public static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, options: DecodingOptions, trace: DecodingTrace
  ) throws -> T {
    let recorder = TraceRecorder(trace: trace, options: options)
    let decoder = options.makeJSONDecoder()
    if let key = TraceRecorder.userInfoKey {
      decoder.userInfo[key] = TraceRecorderBox(recorder)
    }
    let call = "decode(\(TraceText.typeName(type)).self, from: data)"
    return try recorder.nested(nil, in: [], failure: call) {
      try decoder.decodeWithoutTrapping(TracedValue<T>.self, from: data)
    }.value
  }

}
