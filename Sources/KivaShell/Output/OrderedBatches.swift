import Foundation

/// Records turned into bytes a batch at a time on every core and handed on in the
/// records' order: a long listing or an export writes exactly what encoding one record
/// after another gives, in less time on every core, and never holds the whole output —
/// only a round of batches (about a megabyte each for loans).
///
///     try OrderedBatches.write(
///       records, separator: Array(",\n".utf8), interrupt: interrupt,
///       interrupted: ShellError(.interrupted), makeEncoder: { RecordJSONEncoder(pretty: false) },
///       encode: { encoder, record, bytes in try encoder.append(record, to: &bytes) },
///       write: { bytes in … })
///
/// A round's batches are encoded side by side (`ChunkedWork`), the caller's thread taking
/// part, then handed to `write` on the caller's thread, where Ctrl-C can cut short a write that
/// waits on a stalled pipe. (Writing on a thread of its own while the next round is
/// encoded gained nothing measurable on two cores, which the encoding keeps busy.)
///
/// Each slot of a round has an encoder of its own, made once by `makeEncoder` and kept
/// from round to round, so `encode` may keep scratch space in it; `encode` is called on
/// several threads at once (never twice at once with the same encoder) and must only read
/// what it shares. Ctrl-C is heard before each record: `interrupt`, asked on the encoding
/// threads and latched so that one press stops them all; then nothing more is written —
/// not even the round's batches before the record that heard it — and `interrupted` is
/// thrown. When a record fails, or a write does, what the records before it gave is
/// handed on and that error thrown.
enum OrderedBatches {
  /// How many records a batch holds.
  static let batchSize = 1024

  /// Writes the bytes `encode` gives for each record, `separator` between two records,
  /// through `write` in order, `opening` with the first batch and `closing` with the last
  /// (both in one write when there are no records); see above. `threads` is how many
  /// batches are encoded at once; with one, everything happens on the caller's thread.
  static func write<Records: Collection, Encoder, Failure: Error>(
    _ records: Records, opening: [UInt8] = [], separator: [UInt8] = [],
    closing: [UInt8] = [], batchSize: Int = batchSize,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    interrupt: InterruptCheck, interrupted: Failure,
    makeEncoder: () -> Encoder,
    encode: (Encoder, Records.Element, inout [UInt8]) throws(Failure) -> Void,
    write: ([UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    if records.isEmpty {
      if !(opening + closing).isEmpty { try write(opening + closing) }
      return
    }
    let threads = max(threads, 1)
    // Two batches a thread, so that a slow batch does not leave a core idle for long.
    let slotCount = threads == 1 ? 1 : 2 * threads
    let slots = (0..<slotCount).map { _ in Slot<Records.Index, Encoder, Failure>(makeEncoder()) }
    // Every thread stops at the press, not only the one that heard it.
    let interrupt = interrupt.latching()
    var leading = opening
    var next = records.startIndex
    var isFirst = true
    repeat {
      var used = 0
      for slot in slots where next != records.endIndex {
        let end =
          records.index(next, offsetBy: max(batchSize, 1), limitedBy: records.endIndex)
          ?? records.endIndex
        slot.range = next..<end
        slot.leadsOutput = isFirst
        isFirst = false
        next = end
        used += 1
      }
      // Made here, where the types are known, the loop over a batch's records is compiled
      // for them: generic code would ask the runtime about the types at every record.
      _ = ChunkedWork.map(count: used, chunkSize: 1, threads: threads) { chunk in
        encodeBatch(
          into: slots[chunk.lowerBound], of: records, separator: separator,
          interrupt: interrupt, encode: encode)
      }
      // Ctrl-C stops the output at once: the press was asked for, and is forgotten, so
      // a write that waits on a stalled pipe would not hear it again.
      if slots.prefix(used).contains(where: \.wasInterrupted) { throw interrupted }
      for (position, slot) in slots.prefix(used).enumerated() {
        if !leading.isEmpty {
          slot.bytes.insert(contentsOf: leading, at: 0)
          leading = []
        }
        if next == records.endIndex, position == used - 1, slot.failure == nil {
          slot.bytes.append(contentsOf: closing)
        }
        if !slot.bytes.isEmpty { try write(slot.bytes) }
        if let failure = slot.failure { throw failure }
      }
    } while next != records.endIndex
  }

  /// Encodes the records of `slot`'s batch into its bytes, up to the first that fails.
  private static func encodeBatch<Records: Collection, Encoder, Failure: Error>(
    into slot: Slot<Records.Index, Encoder, Failure>, of records: Records, separator: [UInt8],
    interrupt: InterruptCheck,
    encode: (Encoder, Records.Element, inout [UInt8]) throws(Failure) -> Void
  ) {
    slot.bytes.removeAll(keepingCapacity: true)
    slot.failure = nil
    slot.wasInterrupted = false
    guard let range = slot.range else { return }
    var needsSeparator = !slot.leadsOutput
    for record in records[range] {
      let end = slot.bytes.count
      if needsSeparator { slot.bytes.append(contentsOf: separator) }
      needsSeparator = true
      if interrupt.isInterrupted() {
        slot.bytes.removeSubrange(end...)
        slot.wasInterrupted = true
        return
      }
      do throws(Failure) {
        try encode(slot.encoder, record, &slot.bytes)
      } catch {
        slot.bytes.removeSubrange(end...)
        slot.failure = error
        return
      }
    }
  }

  /// One batch's place in a round: its encoder, kept between rounds, and what it gave.
  private final class Slot<Index: Comparable, Encoder, Failure: Error> {
    let encoder: Encoder
    /// The records of this round's batch.
    var range: Range<Index>?
    /// The batch starts the output: no separator before its first record.
    var leadsOutput = false
    var bytes: [UInt8] = []
    /// The error of the record that failed; `bytes` end before it.
    var failure: Failure?
    /// Ctrl-C was heard before a record; `bytes` end before it.
    var wasInterrupted = false

    init(_ encoder: Encoder) {
      self.encoder = encoder
    }
  }
}
