import Foundation
import Testing

@testable import KivaShell

/// `fetch`'s two decoders agree: the same loans, the same skipped loans with the same
/// reasons, and the same error for input that fails, on every fixture and on broken
/// variants of the real response.
@Suite("FastJSON: fetch's decoders agree")
struct FastJSONLoaderParityTests {
  static let inputs: [(name: String, data: Data)] = {
    var inputs: [(String, Data)] = []
    let files = [
      "newest-2012-06-12.json", "loan-436753-2012.json", "mareme-loans.json",
      "one-bad-loan.json", "all-bad-loans.json", "malformed.json", "not-loans.json",
    ]
    for file in files {
      if let data = try? Data(contentsOf: TestPaths.fixtures.appendingPathComponent(file)) {
        inputs.append((file, data))
      }
    }
    let real =
      (try? String(
        contentsOf: TestPaths.fixtures.appendingPathComponent("newest-2012-06-12.json"),
        encoding: .utf8)) ?? ""
    let edits: [(String, String)] = [
      (#""loan_amount":375"#, #""loan_amount":"375""#),
      (#""loan_amount":375"#, #""loan_amount":375.5"#),
      (#""loan_amount":375"#, #""loan_amount":null"#),
      (#""loan_amount":375"#, #""loan_amount":1e400"#),
      (#""loan_amount":375"#, #""loan_amount":99999999999999999999"#),
      (#""name":"Bayan","#, #""name":"\ud800","#),
      (#""name":"Bayan","#, ""),
      (#""country":"Cambodia","#, ""),
      (#""posted_date":"2012-06-12T20:30:03Z""#, #""posted_date":"2012-06-1X""#),
      (#""loans":["#, #""loans":{"#),
      (#""paging":{"#, #""paging":[{"#),
      ("}]}", "}],}"),
    ]
    for (index, (from, to)) in edits.enumerated() {
      if let range = real.range(of: from) {
        let edited = real.replacingCharacters(in: range, with: to)
        inputs.append(("edit \(index)", Data(edited.utf8)))
        // The same loans as a bare array, as '--json list' prints them.
        let object = edited.trimmingCharacters(in: .whitespacesAndNewlines)
        if let start = object.range(of: #""loans":["#), object.hasSuffix("]}") {
          let array = "[" + object[start.upperBound...].dropLast()
          inputs.append(("array edit \(index)", Data(array.utf8)))
        }
      }
    }
    for cut in [1, 10, 100, 1000, 5000] {
      inputs.append(("cut at \(cut)", Data(real.utf8.prefix(cut))))
    }
    return inputs
  }()

  @Test("there are inputs", arguments: [0])
  func inputsExist(_: Int) {
    #expect(Self.inputs.count >= 20)
  }

  @Test("fast and Foundation give the same result", arguments: inputs.map(\.name))
  func agree(name: String) throws {
    let data = try #require(Self.inputs.first { $0.name == name }?.data)
    #expect(Self.outcome(data, .fast) == Self.outcome(data, .foundation), "\(name)")
  }

  /// The loans, skipped reasons and paging, or the error message.
  static func outcome(_ data: Data, _ decoder: Settings.Decoder) -> String {
    do {
      let store = try LoanLoader.decode(data, from: "'x'", decoder: decoder)
      return "\(store.loans)\n\(store.skipped)\n\(String(describing: store.paging))"
    } catch {
      return "error: \(error.message)"
    }
  }
}
