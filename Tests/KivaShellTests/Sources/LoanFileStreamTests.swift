import Foundation
import Testing

@testable import KivaShell

/// A big loans file read piece by piece gives exactly what reading it whole gives, or
/// nothing (and the caller reads it whole): never different loans, never a different
/// error. Tested with tiny reads and chunks, so that every string, escape and element
/// boundary falls across pieces somewhere.
@Suite("Loans files streamed in chunks")
struct LoanFileStreamTests {
  /// The loans and paging read whole, when they decode with nothing skipped.
  static func whole(_ data: Data) -> String? {
    guard let store = try? LoanLoader.decode(data, from: "'x'"), store.skipped.isEmpty else {
      return nil
    }
    return describe(store)
  }

  static func describe(_ store: LoanStore) -> String {
    "\(store.loans.count) loans\n\(store.loans)\n\(String(describing: store.paging))"
  }

  /// The loans and paging streamed from a file holding `data`, or nil.
  static func streamed(_ data: Data, readBytes: Int, pieceBytes: Int) throws -> String? {
    let directory = try TemporaryDirectory()
    let file = directory.file("loans.json")
    try data.write(to: file)
    return LoanFileStream.load(
      path: file.path, decoder: LoanLoader.fastDecoder, minimumBytes: 0, readBytes: readBytes,
      pieceBytes: pieceBytes
    ).map(describe)
  }

  /// Streams `data` with several read and chunk sizes: each result is nil or the whole
  /// result; returns how many were not nil.
  @discardableResult
  static func expectNilOrSame(_ data: Data, _ label: String) throws -> Int {
    let expected = whole(data)
    var streamedCount = 0
    for (readBytes, pieceBytes) in [(1, 1), (7, 300), (64, 1), (4096, 2_000), (1 << 20, 1 << 20)] {
      guard let result = try streamed(data, readBytes: readBytes, pieceBytes: pieceBytes) else {
        continue
      }
      streamedCount += 1
      #expect(result == expected, "\(label), read \(readBytes), piece \(pieceBytes)")
    }
    return streamedCount
  }

  static func snapshot() throws -> Data {
    try FastJSONFixtureTests.fixture("newest-2012-06-12.json")
  }

  @Test("the built-in snapshot streams, in every size of read and chunk")
  func snapshotStreams() throws {
    let data = try Self.snapshot()
    #expect(try Self.expectNilOrSame(data, "snapshot") == 5)
  }

  @Test("generated loans stream, with escapes, non-ASCII text and white space")
  func generatedStream() throws {
    let data = try FastJSONKivaData.response(loans: 400, snapshot: try Self.snapshot())
    #expect(try Self.expectNilOrSame(data, "generated") == 5)
    let spaced = String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: "},{", with: "} ,\n\t{")
      .replacingOccurrences(of: #""name":"Bayan""#, with: #""name":"B\"a\\y\u00e1n""#)
    #expect(try Self.expectNilOrSame(Data(spaced.utf8), "spaced") == 5)
  }

  @Test(
    "shapes it does not split go whole",
    arguments: [
      #"[{"loans":[]}]"#, #"{"loans":{}}"#, #"{"loans":3}"#, #"{"lo\u0061ns":[]}"#,
      #"{"loans":[],"loans":[]}"#, #"{"paging":{}}"#, #"{"loans":[,]}"#, #"{"loans":[1,,2]}"#,
      #"{"loans":[]} x"#, #"{"loans":[]}{}"#, #"{"loans":["#, "", "   ", "\u{FEFF}{\"loans\":[]}",
      #"{"loans":"#,
    ])
  func unsplittable(text: String) throws {
    #expect(try Self.streamed(Data(text.utf8), readBytes: 3, pieceBytes: 1) == nil)
  }

  @Test("an empty array and a trailing comma are read as JSONDecoder reads them")
  func emptyAndTrailingComma() throws {
    let data = try Self.snapshot()
    let text = String(decoding: data, as: UTF8.self)
    let trailing = text.replacingOccurrences(of: "}]}", with: "},\n]}")
    #expect(trailing != text)
    #expect(try Self.expectNilOrSame(Data(trailing.utf8), "trailing comma") >= 1)
    #expect(try Self.streamed(Data(#"{"loans":[ ]}"#.utf8), readBytes: 1, pieceBytes: 1) == nil)
  }

  @Test("every one-byte deletion of a small response: nil or the same as whole")
  func deletions() throws {
    let data = try FastJSONKivaData.response(loans: 3, snapshot: try Self.snapshot())
    var streamed = 0
    for index in stride(from: 0, to: data.count, by: 1) {
      var broken = data
      broken.remove(at: broken.startIndex + index)
      // Reads of 5 bytes go byte by byte; of 4096, a block at a time inside loans.
      for readBytes in [5, 4096] {
        if let result = try Self.streamed(broken, readBytes: readBytes, pieceBytes: 50) {
          streamed += 1
          #expect(result == Self.whole(broken), "deleted byte \(index), read \(readBytes)")
        }
      }
    }
    // Deleting white space or a byte of a value nobody reads still streams.
    #expect(streamed > 0)
  }

  @Test("bytes that break JSON in each part of the file: nil or the same as whole")
  func insertions() throws {
    let data = try FastJSONKivaData.response(loans: 3, snapshot: try Self.snapshot())
    for insert in ["\"", "\\", "[", "]", "{", "}", ",", ":", "\u{1}", "é"] {
      for index in stride(from: 0, to: data.count, by: 7) {
        var broken = data
        broken.insert(contentsOf: Array(insert.utf8), at: broken.startIndex + index)
        for readBytes in [5, 4096] {
          if let result = try Self.streamed(broken, readBytes: readBytes, pieceBytes: 50) {
            #expect(result == Self.whole(broken), "inserted \(insert) at \(index)")
          }
        }
      }
    }
  }
}

@Suite("Loans files: giving up")
struct LoanFileStreamCancelTests {
  @Test("a cancelled stream stops and gives nothing; the loader says interrupted")
  func cancelled() throws {
    let path = TestPaths.fixture("newest-2012-06-12.json")
    #expect(
      LoanFileStream.load(
        path: path, decoder: LoanLoader.fastDecoder, minimumBytes: 0, readBytes: 64,
        pieceBytes: 100, isCancelled: { true }) == nil)
    #expect(throws: ShellError(.interrupted)) {
      try LoanLoader.load(path: path, as: "'x'", isCancelled: { true })
    }
    #expect(try LoanLoader.load(path: path, as: "'x'").loans.count == 20)
  }
}

@Suite("Loans files streamed in pieces: long and deep loans")
struct LoanFileStreamShapeTests {
  /// A generated response whose loan `index` gets `"extra":` `value` as its first member.
  static func response(extra value: String, inLoan index: Int) throws -> Data {
    let data = try FastJSONKivaData.response(loans: 50, snapshot: LoanFileStreamTests.snapshot())
    var text = String(decoding: data, as: UTF8.self)
    // The generated loans' ids count up from 1,000,000.
    let marker = #"{"id":\#(1_000_000 + index),"#
    guard let loan = text.range(of: marker) else { throw CocoaError(.coderValueNotFound) }
    text.replaceSubrange(loan, with: #"{"extra":\#(value),"# + marker.dropFirst())
    return Data(text.utf8)
  }

  @Test("a loan longer than a piece's room for the unfinished loan streams the same")
  func longLoan() throws {
    let long = "\"" + String(repeating: "word ", count: 40_000) + "\""
    let data = try Self.response(extra: long, inLoan: 7)
    #expect(data.count > 200_000)
    let expected = LoanFileStreamTests.whole(data)
    #expect(expected != nil)
    for pieceBytes in [1_000, 100_000] {
      #expect(
        try LoanFileStreamTests.streamed(data, readBytes: 4096, pieceBytes: pieceBytes)
          == expected, "pieces of \(pieceBytes)")
    }
  }

  @Test("loans nested as deep as the whole file allows stream; one level deeper does not")
  func deepLoans() throws {
    // The root object and the loans array are two levels, the loan a third.
    for (depth, streams) in [(509, true), (510, false)] {
      let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let data = try Self.response(extra: deep, inLoan: 3)
      let expected = LoanFileStreamTests.whole(data)
      #expect((expected != nil) == streams, "depth \(depth)")
      #expect(
        try LoanFileStreamTests.streamed(data, readBytes: 4096, pieceBytes: 2_000) == expected,
        "depth \(depth)")
    }
  }
}
