import Foundation
import Testing

@testable import KivaShell

/// Found by the fuzz-json and fuzz-commands targets: `JSONDecoder` traps (a crash, not an
/// error) when the last byte of its input opens the 513th nested array or object, so a
/// file of 513 `[` crashed `decode FlatLoan @FILE`.
@Suite("JSONDecoder never sees input it would crash on")
struct FoundationJSONGuardTests {
  static let open513 = String(repeating: "[", count: 513)

  @Test(
    "input ending in the 513th open bracket is caught, in any encoding, strings skipped",
    arguments: [
      Data(open513.utf8),
      Data((#"{"loans": "# + String(repeating: "{", count: 512)).utf8),
      Data((##"["[", "\"]","## + String(repeating: "[", count: 512)).utf8),
      Data(open513.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
      Data(open513.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
    ])
  func caught(data: Data) {
    #expect(FoundationJSONGuard.mightTrap(data))
  }

  @Test(
    "other input goes to JSONDecoder as it is",
    arguments: [
      String(repeating: "[", count: 512), open513 + " ", open513 + "1",
      String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
      #"["# + String(repeating: "[", count: 511) + #""["#, "", "{}",
    ])
  func passed(json: String) {
    #expect(!FoundationJSONGuard.mightTrap(Data(json.utf8)))
  }

  @Test("the lab's decoders throw JSONDecoder's own error instead of crashing")
  func labDecoders() throws {
    let data = Data(Self.open513.utf8)
    for decode in [
      {
        _ = try ModelDecoder.decode(
          "FlatLoan", from: data, library: BuiltInModels.library, options: DecodingOptions())
      },
      {
        _ = try TracedDecoding.decode(
          Loan.self, from: data, options: DecodingOptions(), trace: DecodingTrace())
      },
    ] as [() throws -> Void] {
      let error = try #require(throws: DecodingError.self, performing: decode)
      guard case .dataCorrupted(let context) = error else {
        Issue.record("not dataCorrupted: \(error)")
        continue
      }
      #expect(context.codingPath.isEmpty)
      #expect(context.debugDescription == "The given data was not valid JSON.")
    }
  }

  @Test("fetch with Foundation's decoder says where the JSON breaks off")
  func fetchWithFoundation() throws {
    let error = try #require(throws: ShellError.self) {
      try LoanLoader.decode(Data(Self.open513.utf8), from: "'deep.json'", decoder: .foundation)
    }
    #expect(
      error.message
        == "'deep.json' is not valid JSON: line 1, column 513: arrays and objects nest more "
        + "than 512 deep here, deeper than kivash's decoders read"
    )
  }

  @Test("decode @FILE of 513 open brackets is an error at the prompt")
  func decodeCommand() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-guard-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("deep.json")
    try Data(Self.open513.utf8).write(to: file)
    let sink = CapturingSink()
    var options = Shell.Options()
    options.keepGoing = true
    let shell = Shell(session: .withBuiltInData(), output: Output(sink: sink), options: options)
    let status = shell.run(
      reader: ArrayLineReader([
        "decode FlatLoan @\(file.path)", "decode Loan --trace @\(file.path)",
      ]))
    #expect(status == 1)
    // The excerpt shows the last 100 brackets, the caret under the 513th.
    let message =
      "error: the JSON is malformed at line 1, column 513: arrays and objects nest more than "
      + "512 deep here, deeper than kivash's decoders read\n"
      + "  1 | …" + String(repeating: "[", count: 100) + "\n"
      + "    | " + String(repeating: " ", count: 100) + "^\n"
    #expect(sink.error == message + message)
  }
}
