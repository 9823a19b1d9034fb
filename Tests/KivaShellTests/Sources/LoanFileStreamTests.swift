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

  /// The loans array of a response, as a file of its own: `{"paging":…,"loans":[…]}`
  /// becomes `[…]`.
  static func bareArray(of response: Data) throws -> Data {
    let text = String(decoding: response, as: UTF8.self)
    let start = try #require(text.range(of: #""loans":["#)).upperBound
    let end = try #require(text.range(of: "]", options: .backwards)).upperBound
    return Data(("\n" + text[text.index(before: start)..<end] + " \n").utf8)
  }

  @Test("a bare array of loans streams, the same as whole and as the response's loans")
  func bareArrayStreams() throws {
    let response = try FastJSONKivaData.response(loans: 400, snapshot: try Self.snapshot())
    let bare = try Self.bareArray(of: response)
    #expect(bare.first == UInt8(ascii: "\n") && bare.dropFirst().first == UInt8(ascii: "["))
    #expect(try Self.expectNilOrSame(bare, "bare array") == 5)
    let streamed = try #require(try Self.streamed(bare, readBytes: 4096, pieceBytes: 2_000))
    let fromResponse = try #require(Self.whole(response))
    // The same loans, and no paging where the response had one.
    #expect(streamed.hasPrefix("400 loans\n") && streamed.hasSuffix("\nnil"))
    #expect(!fromResponse.hasSuffix("\nnil"))
    #expect(
      streamed.split(separator: "\n").dropLast() == fromResponse.split(separator: "\n").dropLast()
    )
  }

  @Test("every one-byte deletion of a small bare array: nil or the same as whole")
  func bareArrayDeletions() throws {
    let bare = try Self.bareArray(
      of: FastJSONKivaData.response(loans: 3, snapshot: try Self.snapshot()))
    var streamed = 0
    for index in 0..<bare.count {
      var broken = bare
      broken.remove(at: broken.startIndex + index)
      if let result = try Self.streamed(broken, readBytes: 5, pieceBytes: 50) {
        streamed += 1
        #expect(result == Self.whole(broken), "deleted byte \(index)")
      }
    }
    #expect(streamed > 0)
  }

  @Test(
    "loans in a bare array with anything but white space around it go whole",
    arguments: [",", ":", "x", "1", "\"\"", "[]", "{}", "]", "}"])
  func junkAroundBareArray(junk: String) throws {
    let bare = try Self.bareArray(
      of: FastJSONKivaData.response(loans: 3, snapshot: try Self.snapshot()))
    #expect(try Self.streamed(bare, readBytes: 5, pieceBytes: 50)?.hasPrefix("3 loans") == true)
    for broken in [Data(junk.utf8) + bare, bare + Data(junk.utf8)] {
      // Whole, it is an error (what the error says is the whole path's to tell).
      #expect(Self.whole(broken) == nil, "\(junk)")
      for readBytes in [1, 5, 4096] {
        #expect(
          try Self.streamed(broken, readBytes: readBytes, pieceBytes: 50) == nil,
          "\(junk), read \(readBytes)")
      }
    }
  }

  @Test(
    "bare arrays it does not stream go whole",
    arguments: [
      "[]", " [ ] ", "[1]", #"[{"id":1}]"#, "[] x", "[][]", "[]]", "[", "[,]", "\u{FEFF}[]",
    ])
  func unstreamedBareArrays(text: String) throws {
    #expect(try Self.streamed(Data(text.utf8), readBytes: 3, pieceBytes: 1) == nil)
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

  /// A backslash skips one byte and `\u` four more, whatever they are: the text around
  /// the loans must see the same strings as the scanner, or it could take an array in a
  /// string (or a key) for the loans.
  @Test("\\u escapes around the loans are skipped as the scanner skips them")
  func unicodeEscapes() throws {
    func loans(_ ids: Range<Int>) -> String {
      ids.map {
        #"{"id":\#($0),"name":"N","use":"U","loan_amount":25,"sector":"S","activity":"A","#
          + #""status":"fundraising","location":{"country":"C"}}"#
      }.joined(separator: ",")
    }
    // The scanner reads `"\uabc\\"}, \"loans": [` as one key: `\u` takes `abc\`, and the
    // second backslash escapes the quote; a reader that took `\\` as one escape would
    // close the string there and find `"loans": [` two loans that are not the file's.
    let text =
      #"{"x":{"\uabc\\"}, \"loans": ["# + loans(0..<2) + #"], "w":"\uabc\\"{{\"", "z":1}, "#
      + #""loans":["# + loans(5..<8) + #"], "v":"\uabc\\"}\""}"#
    let data = Data(text.utf8)
    let expected = try #require(Self.whole(data))
    #expect(expected.hasPrefix("3 loans"))
    #expect(try Self.expectNilOrSame(data, "\\u") == 5)
    // A quote among the four bytes ends the string for neither: the text is not JSON.
    let broken = Data(text.replacingOccurrences(of: #""v":"\uabc"#, with: #""v":"\ua"c"#).utf8)
    #expect(Self.whole(broken) == nil)
    try Self.expectNilOrSame(broken, "quote in \\u")
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
  /// Counts calls from several threads.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
      lock.withLock {
        value += 1
        return value
      }
    }
  }

  /// libdispatch's `dispatch_queue_get_label`, which the Swift overlay does not offer.
  typealias QueueLabel = @convention(c) (UnsafeRawPointer?) -> UnsafePointer<CChar>?

  /// The label of the queue running the caller; nil when it cannot be told.
  static func currentQueueLabel() -> String? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dispatch_queue_get_label"),
      let label = unsafeBitCast(symbol, to: QueueLabel.self)(nil)
    else { return nil }
    return String(cString: label)
  }

  @Test("Ctrl-C while the last pieces are decoded gives nothing, never part of the loans")
  func cancelledLate() throws {
    let data = try FastJSONKivaData.response(loans: 400, snapshot: LoanFileStreamTests.snapshot())
    let directory = try TemporaryDirectory()
    let file = directory.file("loans.json")
    try data.write(to: file)
    let expected = LoanFileStreamTests.whole(data)
    #expect(Self.currentQueueLabel() != nil)
    var partial = 0
    var cancelled = 0
    for trial in 0..<40 {
      let calls = Counter()
      // Only the decoding sees the Ctrl-C, later in each trial: the reading and indexing
      // go on to the end of the array, so the loans decoded before it are a prefix.
      let store = LoanFileStream.load(
        path: file.path, decoder: LoanLoader.fastDecoder, minimumBytes: 0, readBytes: 4096,
        pieceBytes: 4096,
        isCancelled: {
          Self.currentQueueLabel() == "kivash.loans" && calls.next() > 5 + trial
        })
      guard let store else {
        cancelled += 1
        continue
      }
      if LoanFileStreamTests.describe(store) != expected { partial += 1 }
    }
    #expect(partial == 0)
    // The Ctrl-C reached the decoding (the queue is the one named), most times at least.
    #expect(cancelled > 20)
  }

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

  @Test("room for loans never exceeds memory, whatever size a file claims")
  func roomWithinMemory() throws {
    let memory = Int(ProcessInfo.processInfo.physicalMemory)
    for bytes in [0, 1 << 20, 1 << 40, Int.max] {
      let capacity = try #require(LoanFileStream.slotCapacity(fileBytes: bytes), "\(bytes)")
      #expect(capacity >= 1)
      #expect(capacity <= bytes / LoanFileStream.smallestLoanBytes + 1)
      #expect(capacity * MemoryLayout<Loan>.stride <= memory)
    }
  }

  @Test("a sparse file of a terabyte is refused with an error, not a crash")
  func sparseTerabyte() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("sparse.json")
    #expect(FileManager.default.createFile(atPath: file.path, contents: Data(#"{"loans":["#.utf8)))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 1 << 40)
    try handle.close()
    #expect(LoanFileStream.load(path: file.path, decoder: LoanLoader.fastDecoder) == nil)
    let run = try BinaryRun.run(["--no-persist", "-c", "fetch \(file.path)"])
    #expect(run.status == 1)
    #expect(
      run.output
        == "error: '\(file.path)' is 1,099,511,627,776 bytes, more than the 1 GB kivash reads"
        + " at once — split it into files of fewer loans and load them with 'fetch FILE --append'\n"
    )
  }
}
