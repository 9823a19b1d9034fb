import Foundation
import Testing

@testable import KivaShell

/// Every check that says where JSON went wrong reads it as the decoders do: past a byte
/// order mark, UTF-16 and UTF-32 converted; so a line and column are the same whatever
/// the file's encoding, and valid JSON in UTF-16 is never called malformed.
@Suite("JSON mistakes are found in the text the decoders read")
struct JSONTextEncodingTests {
  static let mark = ByteOrderMark.utf8

  /// `text` in UTF-16, little-endian, with its byte order mark.
  static func utf16(_ text: String) -> [UInt8] {
    [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  @Test("a huge number after a byte order mark is at the column it has without one")
  func hugeNumberAfterMark() {
    let json = #"{"amount": 1e999}"#
    let plain = JSONSyntaxError.numberOutOfRange(in: Array(json.utf8))
    #expect(plain?.column == 12)
    #expect(JSONSyntaxError.numberOutOfRange(in: Self.mark + Array(json.utf8)) == plain)
    #expect(JSONSyntaxError.numberOutOfRange(in: Self.utf16(json)) == plain)
  }

  @Test("half a surrogate pair after a byte order mark is at the column it has without one")
  func surrogateAfterMark() {
    let json = #"{"name": "\ud800"}"#
    let plain = JSONSyntaxError.unpairedSurrogate(in: Array(json.utf8))
    #expect(plain?.column == 11)
    #expect(JSONSyntaxError.unpairedSurrogate(in: Self.mark + Array(json.utf8)) == plain)
    #expect(JSONSyntaxError.unpairedSurrogate(in: Self.utf16(json)) == plain)
  }

  @Test("valid JSON in UTF-16 or UTF-32 has no syntax error; a mistake in it is where it is")
  func wideEncodings() throws {
    let valid = #"{"name": "Amina", "town": "Kisumu"}"#
    #expect(JSONSyntaxError.find(in: Self.utf16(valid)) == nil)
    let utf32 = try #require(valid.data(using: .utf32LittleEndian))
    #expect(JSONSyntaxError.find(in: utf32) == nil)
    let broken = "{\"name\": \"Amina\",\n \"town\": x}"
    let expected = JSONSyntaxError.find(in: Array(broken.utf8))
    #expect(expected?.line == 2)
    #expect(JSONSyntaxError.find(in: Self.utf16(broken)) == expected)
  }

  @Test("the excerpt under a mistake in UTF-16 shows the line as text")
  func excerptOfWideText() throws {
    let broken = "{\"name\": \"Amina\",\n \"town\": x}"
    let explained = try #require(
      DecodingErrorExplainer.explainSyntax(Data(Self.utf16(broken))))
    #expect(
      explained.summary
        == "the JSON is malformed at line 2, column 10: unexpected 'x', expected a value — "
        + "a string takes double quotes: \"x\"")
    #expect(explained.notes == [#"2 |  "town": x}"#, "  |          ^"])
  }

  @Test("inference reads a sample in UTF-16 or after a byte order mark")
  func inferenceReadsWideText() throws {
    let sample = #"[{"name": "Amina", "amount": 50}]"#
    let plain = try ModelInference.inferReport(from: Data(sample.utf8), rootName: "Sample")
    let marked = try ModelInference.inferReport(
      from: Data(Self.mark + Array(sample.utf8)), rootName: "Sample")
    let wide = try ModelInference.inferReport(from: Data(Self.utf16(sample)), rootName: "Sample")
    #expect(marked.models == plain.models)
    #expect(wide.models == plain.models)
  }

  @Test("a UTF-16 loans file with one bad loan skips it, and is not called malformed")
  func wideLoansFileWithBadLoan() throws {
    let text = try String(contentsOfFile: TestPaths.fixture("one-bad-loan.json"), encoding: .utf8)
    let plain = try LoanLoader.decode(Data(text.utf8), from: "'plain.json'")
    #expect(plain.skipped.count == 1)
    let wide = try LoanLoader.decode(Data(Self.utf16(text)), from: "'wide.json'")
    #expect(wide.loans == plain.loans)
    #expect(wide.skipped == plain.skipped)
  }

  @Test("a bare array of loans in UTF-16, with or without its mark, is read as in UTF-8")
  func wideLoanArray() throws {
    let response = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.fixture("one-bad-loan.json")))
    let object = try #require(try JSONSerialization.jsonObject(with: response) as? [String: Any])
    let array = try JSONSerialization.data(withJSONObject: try #require(object["loans"]))
    let text = String(decoding: array, as: UTF8.self)
    let plain = try LoanLoader.decode(array, from: "'plain.json'")
    #expect(plain.loans.count > 0)
    #expect(plain.skipped.count == 1)
    let bigEndian = try #require(text.data(using: .utf16BigEndian))
    for wide in [Data(Self.utf16(text)), bigEndian] {
      let store = try LoanLoader.decode(wide, from: "'wide.json'")
      #expect(store.loans == plain.loans)
      #expect(store.skipped == plain.skipped)
    }
  }

  @Test("a landmarks file in UTF-16 is taken for the array it is")
  func wideArrayFile() throws {
    let folder = try TemporaryDirectory()
    let text = try String(contentsOfFile: TestPaths.fixture("landmarkData.json"), encoding: .utf8)
    try Data(Self.utf16(text)).write(to: folder.file("wide.json"))
    #expect(RecordFileFetch.arrayStart(folder.file("wide.json").path) != nil)
  }
}
