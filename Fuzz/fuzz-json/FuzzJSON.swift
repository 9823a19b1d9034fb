import CFuzzDriver
import Foundation
import KivaShell

/// libFuzzer's entry point: one input is one JSON document (or anything else).
///
/// It is decoded by `FastJSONDecoder` and by Foundation's `JSONDecoder`, as a Kiva
/// `LoanStore` with the strategies kivash uses and as a `JSONProbe` (any value, every
/// question asked) with strategies picked by the input's length. The two must agree:
/// equal loans, paging and skipped loans, or the same error (kind, coding path and
/// message). A disagreement traps, so libFuzzer keeps it as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let data = Data(UnsafeBufferPointer(start: bytes, count: size))
  var fast = FastJSONDecoder()
  fast.dateDecodingStrategy = .iso8601
  compare(
    "LoanStore", data,
    foundation: Outcome(
      { try LoanStore.makeDecoder().decodeWithoutTrapping(LoanStore.self, from: data) },
      describe: describe),
    fast: Outcome({ try fast.decode(LoanStore.self, from: data) }, describe: describe))

  // The probe asks every scalar ten questions: on the largest seeds that is most of the
  // time, so it runs on small inputs, where mutations land in structure and numbers.
  guard size <= ProbeLimit.bytes else { return 0 }
  let strategies = Strategies(size)
  compare(
    "JSONProbe \(strategies)", data,
    foundation: Outcome {
      try strategies.foundation.decodeWithoutTrapping(JSONProbe.self, from: data)
    },
    fast: Outcome { try strategies.fast.decode(JSONProbe.self, from: data) })
  return 0
}

/// Traps, naming both outcomes, unless they are the same or the input holds a known
/// difference.
private func compare(_ label: String, _ data: Data, foundation: Outcome, fast: Outcome) {
  if foundation != fast {
    kivash_fuzz_fail(
      """
      \(label) from \(String(decoding: data.prefix(200), as: UTF8.self).debugDescription):
        JSONDecoder:     \(foundation)
        FastJSONDecoder: \(fast)
      """)
  }
}

/// A store as text: its loans, paging and skipped loans.
private func describe(_ store: LoanStore) -> String {
  "\(store.loans) \(String(describing: store.paging)) \(store.skipped)"
}

/// Date and key strategies, the same for both decoders.
private struct Strategies: CustomStringConvertible {
  var date: FastJSONDecoder.DateStrategy
  var snakeCase: Bool

  init(_ seed: Int) {
    date = [.deferredToDate, .iso8601, .secondsSince1970, .millisecondsSince1970][seed % 4]
    snakeCase = seed / 4 % 2 == 1
  }

  var description: String { "\(date)\(snakeCase ? ", convertFromSnakeCase" : "")" }

  var fast: FastJSONDecoder {
    var decoder = FastJSONDecoder()
    decoder.dateDecodingStrategy = date
    decoder.keyDecodingStrategy = snakeCase ? .convertFromSnakeCase : .useDefaultKeys
    return decoder
  }

  var foundation: JSONDecoder {
    let decoder = JSONDecoder()
    switch date {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
    }
    decoder.keyDecodingStrategy = snakeCase ? .convertFromSnakeCase : .useDefaultKeys
    return decoder
  }
}

/// The largest input the probe decodes.
private enum ProbeLimit {
  static let bytes = 4096
}
