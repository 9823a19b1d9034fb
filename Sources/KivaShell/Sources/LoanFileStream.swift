import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a big loans file piece by piece and decodes its loans while the rest is still
/// being read, on every core, so that the file is never in memory whole: memory holds
/// the loans, a few chunks in flight, and nothing else.
///
/// Only the ordinary case streams: a file shaped like `{"paging": …, "loans": [ … ]}`
/// whose loans all decode. Anything else — a file too small to bother, not shaped like
/// that, invalid JSON, loans that fail, a read error — gives nil, and the caller reads
/// and decodes the file whole, which says exactly what is wrong.
enum LoanFileStream {
  /// Files smaller than this are read whole: streaming would gain nothing.
  static let minimumBytes = 8 << 20
  /// About how many bytes of loans each chunk holds.
  static let chunkBytes = 2 << 20
  /// How many chunks may be read ahead of the decoding.
  static let chunksInFlight = 6

  /// The loans of the file at `path`, or nil when it does not stream (see above); files
  /// below `minimumBytes` do not; the file is read `readBytes` at a time, and chunks hold
  /// about `chunkBytes` of loans.
  static func load(
    path: String, decoder: FastJSONDecoder, minimumBytes: Int = minimumBytes,
    readBytes: Int = 1 << 20, chunkBytes: Int = chunkBytes,
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) -> LoanStore? {
    let expanded = LocalFile.expand(path)
    // Looked at before opening: opening a FIFO would wait for a writer.
    var status = stat()
    guard stat(expanded, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) >= minimumBytes
    else { return nil }
    let descriptor = open(expanded, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    // Each chunk decodes its loans straight into their places in the array, whose size
    // is not known until the end: reserve room for as many loans as the file could
    // hold (no loan takes fewer bytes); memory is only used as loans are written.
    let capacity = Int(status.st_size) / smallestLoanBytes + 1
    // Where memory is not overcommitted, that much may be refused: read the file whole.
    guard let probe = malloc(capacity * MemoryLayout<Loan>.stride) else { return nil }
    free(probe)
    var skeletonBytes: Data?
    let loans = [Loan](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      initialized = 0
      guard let slots = buffer.baseAddress else { return }
      let collector = ChunkCollector(
        decoder: decoder, slots: slots, capacity: capacity, isCancelled: isCancelled)
      skeletonBytes = split(
        descriptor, into: collector, readBytes: readBytes, chunkBytes: chunkBytes)
      // A failed split has failed the collector, which then releases every loan.
      initialized = collector.finish()
    }
    guard let skeletonBytes, !loans.isEmpty, let skeleton = decoder.skeleton(skeletonBytes)
    else { return nil }
    return LoanStore(loans: loans, paging: skeleton.paging)
  }

  /// Fewer bytes than any loan `Loan.init(from:)` accepts takes: its required keys.
  static let smallestLoanBytes =
    #"{"id":0,"name":"","use":"","loan_amount":0,"sector":"","activity":"","status":"","location":{"country":""}}"#
    .utf8.count

  /// Reads the file, hands its chunks to `collector` as they come, and returns the
  /// skeleton; nil when it cannot be split or read, or a chunk failed.
  private static func split(
    _ descriptor: Int32, into collector: ChunkCollector, readBytes: Int, chunkBytes: Int
  ) -> Data? {
    var splitter = FastJSONArraySplitter(
      key: LoanStore.CodingKeys.loans.stringValue, chunkBytes: chunkBytes)
    let bufferSize = max(readBytes, 1)
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bufferSize)
    defer { buffer.deallocate() }
    do {
      while !collector.hasFailed {
        let count = read(descriptor, buffer, bufferSize)
        if count < 0 && errno == EINTR { continue }
        guard count >= 0 else {
          collector.fail()
          return nil
        }
        if count == 0 { break }
        for spare in collector.takeDecodedBuffers() { splitter.recycle(spare) }
        for chunk in try splitter.feed(UnsafeBufferPointer(start: buffer, count: count)) {
          collector.decode(chunk)
        }
      }
      let skeleton = try splitter.finish()
      return collector.hasFailed ? nil : skeleton
    } catch {
      collector.fail()
      return nil
    }
  }
}

extension FastJSONDecoder {
  /// What the skeleton holds besides the loans.
  fileprivate struct Skeleton {
    /// Its `paging`, decoded as `LoanStore.init(from:)` decodes it: nil when missing or bad.
    var paging: Paging?
  }

  /// The skeleton decoded; nil when it is not valid JSON.
  fileprivate func skeleton(_ data: Data) -> Skeleton? {
    do {
      return try withDocument(data) { document in
        // As `init(from:)`: the object's keys must be readable, a bad paging is nil.
        guard try document.contains(LoanStore.CodingKeys.loans) else { return nil }
        return Skeleton(
          paging: try? document.decode(Paging.self, forKey: LoanStore.CodingKeys.paging))
      } ?? nil
    } catch {
      return nil
    }
  }
}

/// Decodes chunks on a concurrent queue, at most `chunksInFlight` at a time, each
/// chunk's loans into their own places: `slots[firstIndex..<firstIndex + count]`.
private final class ChunkCollector: @unchecked Sendable {
  private let decoder: FastJSONDecoder
  private let slots: UnsafeMutablePointer<Loan>
  private let capacity: Int
  private let isCancelled: @Sendable () -> Bool
  private let queue = DispatchQueue(label: "kivash.loans", attributes: .concurrent)
  private let group = DispatchGroup()
  private let inFlight = DispatchSemaphore(value: LoanFileStream.chunksInFlight)
  private let lock = NSLock()
  /// The slots holding a decoded loan, chunk by chunk.
  private var filled: [Range<Int>] = []
  /// The bytes of chunks already decoded, for the splitter to fill again.
  private var decodedBuffers: [[UInt8]] = []
  private var failed = false

  init(
    decoder: FastJSONDecoder, slots: UnsafeMutablePointer<Loan>, capacity: Int,
    isCancelled: @escaping @Sendable () -> Bool
  ) {
    self.decoder = decoder
    self.slots = slots
    self.capacity = capacity
    self.isCancelled = isCancelled
  }

  /// Whether a chunk failed, or the caller gave up (Ctrl-C).
  var hasFailed: Bool { isCancelled() || lock.withLock { failed } }

  /// Gives up: the file will be read whole.
  func fail() {
    lock.withLock { failed = true }
  }

  /// Decodes `chunk` in the background; waits first while too many are in flight.
  func decode(_ chunk: FastJSONArraySplitter.Chunk) {
    guard chunk.firstIndex >= 0, chunk.count <= capacity - chunk.firstIndex else {
      fail()
      return
    }
    inFlight.wait()
    prefault(slots + chunk.firstIndex, count: chunk.count)
    queue.async(group: group) { [self] in
      defer { inFlight.signal() }
      guard !hasFailed else { return }
      let outcome = try? decoder.withDocument(chunk.json) { document in
        try document.decodeElements(
          into: slots + chunk.firstIndex, count: chunk.count,
          asElementsAt: [LoanStore.CodingKeys.loans], from: chunk.firstIndex)
      }
      lock.withLock {
        decodedBuffers.append(chunk.json)
        guard case let result?? = outcome else {
          failed = true
          return
        }
        filled.append(chunk.firstIndex..<chunk.firstIndex + result.decoded)
        // A loan that fails sends the file down the whole path, which reports it.
        if !result.failures.isEmpty { failed = true }
      }
    }
  }

  /// Asks the kernel to back the slots of a chunk with memory now, in one call, rather
  /// than in a page fault for each page the decoding first writes to. Nothing happens
  /// where the kernel does not know the request (before Linux 5.14).
  private func prefault(_ start: UnsafeMutablePointer<Loan>, count: Int) {
    MemoryAdvice.advise(
      start, bytes: count * MemoryLayout<Loan>.stride, MADV_POPULATE_WRITE, on: .touched)
  }

  /// The buffers of the chunks decoded since the last call.
  func takeDecodedBuffers() -> [[UInt8]] {
    lock.withLock {
      defer { decodedBuffers.removeAll() }
      return decodedBuffers
    }
  }

  /// Waits for every chunk; how many loans fill the first slots, or 0 when a chunk
  /// failed or they do not follow one another (every decoded loan is then released).
  func finish() -> Int {
    group.wait()
    return lock.withLock {
      filled.sort { $0.lowerBound < $1.lowerBound }
      var next = 0
      for range in filled where range.lowerBound == next { next = range.upperBound }
      guard !failed, filled.last.map({ $0.upperBound == next }) ?? true else {
        for range in filled {
          (slots + range.lowerBound).deinitialize(count: range.count)
        }
        filled = []
        return 0
      }
      return next
    }
  }
}
