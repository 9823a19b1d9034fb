import Testing

@testable import KivaShell

/// The index keeps each string value's length and kind, so that the decoder does not
/// look for its closing quote again.
@Suite("FastJSON string words")
struct FastJSONStringWordTests {
  @Test(
    "a string's length and kind come back as the scan found them",
    arguments: [
      (0, true, true), (1, true, true), (15, true, false), (200, false, false),
      ((1 << 30) - 1, true, false),
    ])
  func roundTrip(length: Int, isSimple: Bool, isPlainASCII: Bool) throws {
    let start = 1_000
    let scan = FastJSONStringScan.End(
      end: start + length, isSimple: isSimple, isPlainASCII: isPlainASCII)
    let kept = try #require(
      FastJSONTape.stringEnd(FastJSONTape.stringWord(scan, start: start), start: start))
    #expect(kept.end == scan.end)
    #expect(kept.isSimple == isSimple)
    #expect(kept.isPlainASCII == isPlainASCII)
  }

  @Test("a string of a gigabyte or more is scanned again when read")
  func tooLongToKeep() {
    for length in [1 << 30, (1 << 32) - 2] {
      let scan = FastJSONStringScan.End(end: length, isSimple: true, isPlainASCII: true)
      let word = FastJSONTape.stringWord(scan, start: 0)
      #expect(word == .max)
      #expect(FastJSONTape.stringEnd(word, start: 0) == nil)
    }
  }

  /// Strings read back from a scanned document: their ends, escapes and bytes beyond
  /// ASCII as the decoder would find them by scanning again.
  @Test("the words of a scanned document agree with a new scan of each string")
  func scannedDocument() throws {
    let json = #"["", "a", "caf\u00e9", "tab\t", "Marème", "\"q\"", {"k": "v"}, "x"]"#
    let bytes = Array(json.utf8)
    let strings = try bytes.withUnsafeBufferPointer { buffer in
      let base = try #require(buffer.baseAddress)
      return try FastJSONDecoder().withScannedDocument(bytes: base, count: buffer.count) {
        document in
        var strings = 0
        var value = UInt32(FastJSONTape.arrayWords)
        for _ in 0..<Int(document.tape[1]) {
          let offset = Int(document.tape[Int(value)])
          if base[offset] == UInt8(ascii: "\"") {
            let expected = try FastJSONStringScan.end(
              of: base, count: buffer.count, from: offset + 1)
            let kept = try document.stringEnd(of: value)
            #expect(kept.end == expected.end)
            #expect(kept.isSimple == expected.isSimple)
            #expect(kept.isPlainASCII == expected.isPlainASCII)
            strings += 1
          }
          value = document.index(after: value)
        }
        return strings
      }
    }
    #expect(strings == 7)
  }
}
