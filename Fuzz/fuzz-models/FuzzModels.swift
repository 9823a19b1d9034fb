import CFuzzDriver
import Foundation
import KivaShell

/// libFuzzer's entry point: one input is model-language source, optionally followed by a
/// NUL byte and JSON to decode with the models.
///
/// The source is parsed; what parses must read back from its canonical form
/// (`ModelDefinition.source`) to equal definitions, as the parser's documentation
/// promises. Definitions that also validate against the built-in library get Swift code
/// generated and decode the JSON (or a small loan when there is none) under each key
/// strategy. Findings: a trap, a sanitizer report, or a canonical form that reads back
/// differently.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModels(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = UnsafeBufferPointer(start: bytes, count: size)
  let split = input.firstIndex(of: 0) ?? size
  let source = String(decoding: input[..<split], as: UTF8.self)
  let json = split < size ? Data(input[(split + 1)...]) : ModelFuzzing.sampleLoan

  guard let definitions = try? ModelParser.parse(source) else { return 0 }
  let canonical = definitions.source
  do {
    let reread = try ModelParser.parse(canonical)
    if reread != definitions {
      kivash_fuzz_fail(
        "\(canonical.debugDescription) reads back as \(reread.source.debugDescription)")
    }
  } catch {
    kivash_fuzz_fail(
      "\(canonical.debugDescription) does not read back: \(error.message) at \(error.offset)")
  }

  var library = BuiltInModels.library
  guard (try? library.validate(definitions, builtInNames: BuiltInModels.names)) != nil else {
    return 0
  }
  for definition in definitions { library.insert(definition) }
  for definition in definitions {
    for options in ModelFuzzing.options {
      _ = SwiftCodeGenerator.source(for: definition.name, library: library, options: options)
      _ = try? ModelDecoder.decode(definition.name, from: json, library: library, options: options)
    }
  }
  return 0
}

private enum ModelFuzzing {
  /// A loan as the Kiva API writes it, for sources that bring no JSON.
  static let sampleLoan = Data(
    """
    {"id": 436753, "name": "Pheap's Group", "loan_amount": 1500, "funded_amount": 0,
     "location": {"country": "Cambodia", "town": "Battambang", "geo": {"pairs": "13 103"}},
     "posted_date": "2012-06-12T03:10:03Z", "tags": ["a", "b"], "use": "to buy rice",
     "borrowers": [{"first_name": "Pheap", "gender": "F"}], "partner_id": null}
    """.utf8)

  /// The key strategies the lab offers, with ISO 8601 dates and with seconds.
  static let options = [
    DecodingOptions(),
    DecodingOptions(keyStrategy: .convertFromSnakeCase, dateStrategy: .secondsSince1970),
  ]
}
