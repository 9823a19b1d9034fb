import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Indexes the pieces of a loans array in turn and decodes their loans side by side: each
/// piece is scanned on a serial queue (a piece's elements start where the previous
/// piece's end, see `FastJSONArrayPieces`), then its loans are decoded on a concurrent
/// queue into their own places, `slots[firstIndex..<firstIndex + count]`. At most
/// `LoanFileStream.piecesInFlight` pieces are between being handed in and decoded.
final class LoanPieceCollector: @unchecked Sendable {
  private let decoder: FastJSONDecoder
  private let slots: UnsafeMutablePointer<Loan>
  private let capacity: Int
  private let pieceBytes: Int
  private let isCancelled: @Sendable () -> Bool
  private let scanQueue = DispatchQueue(label: "kivash.loans.scan")
  private let decodeQueue = DispatchQueue(label: "kivash.loans", attributes: .concurrent)
  private let group = DispatchGroup()
  private let inFlight = DispatchSemaphore(value: LoanFileStream.piecesInFlight)
  private let lock = NSLock()
  /// The slots holding a decoded loan, piece by piece.
  private var filled: [Range<Int>] = []
  /// Buffers of pieces already decoded, to read into again.
  private var spareBuffers: [FastJSONPieceBuffer] = []
  private var failed = false
  /// The array read so far; used on `scanQueue` only, and by `finish()` once it is idle.
  private var pieces = FastJSONArrayPieces(maximumTail: LoanFileStream.maximumLoanBytes)

  /// A collector of the loans of pieces of `pieceBytes`, into `slots`, which has room for
  /// `capacity` loans.
  init(
    decoder: FastJSONDecoder, slots: UnsafeMutablePointer<Loan>, capacity: Int, pieceBytes: Int,
    isCancelled: @escaping @Sendable () -> Bool
  ) {
    self.decoder = decoder
    self.slots = slots
    self.capacity = capacity
    self.pieceBytes = pieceBytes
    self.isCancelled = isCancelled
  }

  /// Whether a piece failed, or the caller gave up (Ctrl-C).
  var hasFailed: Bool { isCancelled() || lock.withLock { failed } }

  /// Gives up: the file will be read whole.
  func fail() {
    lock.withLock { failed = true }
  }

  /// An empty buffer for the next piece: one a decoded piece left, or a new one.
  func newPiece(capacity: Int = 0) -> FastJSONPieceBuffer {
    let spare = lock.withLock { spareBuffers.popLast() }
    if let spare, spare.capacity >= capacity {
      spare.count = 0
      return spare
    }
    return FastJSONPieceBuffer(capacity: max(capacity, pieceBytes), headroom: Self.headroom)
  }

  /// Scans `piece`, the next bytes of the array, after every piece handed in before it,
  /// then decodes its loans in the background; waits first while too many pieces are in
  /// flight. `isLast`: the file has ended.
  func scan(_ piece: FastJSONPieceBuffer, isLast: Bool) {
    inFlight.wait()
    scanQueue.async(group: group) { [self] in
      var elements: FastJSONArrayPieces.Elements?
      do {
        // A piece skipped (a failure, or Ctrl-C) leaves the loans unfinished for good.
        if hasFailed {
          fail()
        } else {
          elements = try pieces.take(piece, isLast: isLast)
        }
      } catch {
        fail()
      }
      guard let elements else {
        // A piece with no loans of its own has had its bytes copied, if they are needed.
        recycle(piece)
        inFlight.signal()
        return
      }
      guard elements.count <= capacity - elements.firstIndex else {
        fail()
        inFlight.signal()
        return
      }
      decodeQueue.async(group: group) { [self] in
        defer { inFlight.signal() }
        decode(elements)
      }
    }
  }

  /// Decodes the loans of one piece into their slots.
  private func decode(_ elements: FastJSONArrayPieces.Elements) {
    guard !hasFailed else {
      fail()
      return
    }
    prefault(slots + elements.firstIndex, count: elements.count)
    let outcome = try? decoder.decodeElements(
      elements, into: slots + elements.firstIndex,
      asElementsAt: [LoanStore.CodingKeys.loans])
    recycle(elements.buffer)
    lock.withLock {
      guard let result = outcome else {
        failed = true
        return
      }
      filled.append(elements.firstIndex..<elements.firstIndex + result.decoded)
      // A loan that fails sends the file down the whole path, which reports it.
      if !result.failures.isEmpty { failed = true }
    }
  }

  /// Room kept before each piece for the loan the previous piece left unfinished.
  private static let headroom = 64 << 10

  /// Keeps `buffer` for a later piece, unless its room grew for a long loan.
  private func recycle(_ buffer: FastJSONPieceBuffer) {
    guard buffer.headroom <= Self.headroom else { return }
    lock.withLock {
      if spareBuffers.count < LoanFileStream.piecesInFlight { spareBuffers.append(buffer) }
    }
  }

  /// Asks the kernel to back the slots of a piece with memory now, in one call, rather
  /// than in a page fault for each page the decoding first writes to. Nothing happens
  /// where the kernel does not know the request (before Linux 5.14).
  private func prefault(_ start: UnsafeMutablePointer<Loan>, count: Int) {
    MemoryAdvice.advise(
      start, bytes: count * MemoryLayout<Loan>.stride, MADV_POPULATE_WRITE, on: .touched)
  }

  /// Waits for every piece; how many loans fill the first slots, and the bytes after the
  /// array. The count is 0 and the bytes nil when a piece failed, the array did not end,
  /// or the decoded loans are not every loan of the array (every decoded loan is then
  /// released).
  func finish() -> (count: Int, afterArray: [UInt8]?) {
    group.wait()
    let afterArray = pieces.afterArray
    let elementCount = pieces.elementCount
    return lock.withLock {
      // Pieces fill ranges that do not overlap, within the elements the pieces completed:
      // as many loans as elements means every slot up to there holds one.
      let decoded = filled.reduce(0) { $0 + $1.count }
      guard !failed, afterArray != nil, decoded == elementCount else {
        for range in filled {
          (slots + range.lowerBound).deinitialize(count: range.count)
        }
        filled = []
        return (0, nil)
      }
      return (decoded, afterArray)
    }
  }
}
