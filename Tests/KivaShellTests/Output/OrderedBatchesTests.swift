import Foundation
import Testing

@testable import KivaShell

/// Records encoded in batches on several threads come out exactly as one after another
/// would, in order, with every failure and Ctrl-C where the serial loop would have them.
@Suite("Ordered batches")
struct OrderedBatchesTests {
  struct Failed: Error, Equatable {
    let record: Int
  }

  /// An encoder that notices being used by two threads at once.
  final class Encoder: @unchecked Sendable {
    private let lock = NSLock()
    private var busy = false
    private(set) var overlapped = false
    private(set) var uses = 0

    func use(_ body: () throws(Failed) -> Void) throws(Failed) {
      lock.withLock {
        if busy { overlapped = true }
        busy = true
        uses += 1
      }
      defer { lock.withLock { busy = false } }
      try body()
    }
  }

  /// What `write` hands on for `records`, joined, with the encoders it made and the
  /// error it threw.
  static func run(
    _ records: some Collection<Int>, batchSize: Int, threads: Int,
    failingAt failing: Int? = nil, interruptAfter pressedAfter: Int? = nil
  ) -> (text: String, writes: Int, encoders: [Encoder], error: Failed?) {
    var text = ""
    var writes = 0
    var encoders: [Encoder] = []
    let interrupt = pressedAfter.map(InterruptedListingTests.pressed(after:)) ?? .never
    do throws(Failed) {
      try OrderedBatches.write(
        records, opening: Array("[".utf8), separator: Array(",".utf8),
        closing: Array("]".utf8), batchSize: batchSize, threads: threads,
        interrupt: interrupt, interrupted: Failed(record: -1),
        makeEncoder: {
          let encoder = Encoder()
          encoders.append(encoder)
          return encoder
        },
        encode: { (encoder, record, bytes) throws(Failed) in
          try encoder.use { () throws(Failed) in
            if record == failing { throw Failed(record: record) }
            bytes.append(contentsOf: "\(record)".utf8)
          }
        },
        write: { (bytes) throws(Failed) in
          writes += 1
          text += String(decoding: bytes, as: UTF8.self)
        })
    } catch {
      return (text, writes, encoders, error)
    }
    return (text, writes, encoders, nil)
  }

  @Test(
    "the same bytes as one record after another, for every batch size and thread count",
    arguments: [1, 2, 4], [1, 3, 64, 1000])
  func sameAsSerial(threads: Int, batchSize: Int) {
    let records = 0..<500
    let result = Self.run(records, batchSize: batchSize, threads: threads)
    #expect(result.text == "[" + records.map(String.init).joined(separator: ",") + "]")
    #expect(result.error == nil)
    // One write a batch; an encoder a slot: one, or two a thread.
    #expect(result.writes == (500 + batchSize - 1) / batchSize)
    #expect(result.encoders.count == (threads == 1 ? 1 : 2 * threads))
    #expect(result.encoders.allSatisfy { !$0.overlapped })
    #expect(result.encoders.map(\.uses).reduce(0, +) == 500)
  }

  @Test("a lazy view of records, as export hands them on, is read in order too")
  func lazyView() {
    let all = Array(100..<400)
    let view = Array(stride(from: 299, through: 0, by: -3)).lazy.map { all[$0] }
    let result = Self.run(view, batchSize: 7, threads: 2)
    #expect(result.text == "[" + view.map(String.init).joined(separator: ",") + "]")
  }

  @Test("no records: the opening and closing, in one write", arguments: [1, 2])
  func empty(threads: Int) {
    let result = Self.run(0..<0, batchSize: 4, threads: threads)
    #expect(result.text == "[]" && result.writes == 1 && result.error == nil)
    #expect(result.encoders.isEmpty)
  }

  @Test("a failing record: what came before it is handed on, then its error, nothing after")
  func failure() {
    for failing in [0, 1, 9, 10, 11, 250, 499] {
      let result = Self.run(0..<500, batchSize: 10, threads: 2, failingAt: failing)
      #expect(result.error == Failed(record: failing))
      let before = (0..<failing).map(String.init).joined(separator: ",")
      #expect(result.text == "[" + before, "\(failing)")
      // A write a batch that gave bytes; the opening goes with the first.
      #expect(result.writes == max(1, (failing + 9) / 10), "\(failing)")
    }
  }

  @Test("Ctrl-C stops the output: nothing of the round that heard it is written")
  func interrupted() {
    // On one thread a round is one batch: the batches before the one that heard it.
    let serial = Self.run(0..<500, batchSize: 10, threads: 1, interruptAfter: 25)
    #expect(serial.error == Failed(record: -1))
    #expect(serial.text == "[" + (0..<20).map(String.init).joined(separator: ","))
    // On two, a round is four batches: the first heard it, and nothing was written.
    let parallel = Self.run(0..<500, batchSize: 10, threads: 2, interruptAfter: 25)
    #expect(parallel.error == Failed(record: -1))
    #expect(parallel.text == "" && parallel.writes == 0)
    // Heard in the second round: the first round's forty records are all there.
    let later = Self.run(0..<500, batchSize: 10, threads: 2, interruptAfter: 45)
    #expect(later.error == Failed(record: -1))
    #expect(later.text == "[" + (0..<40).map(String.init).joined(separator: ","))
  }

}
