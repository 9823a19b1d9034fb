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
    readBytes: Int = 1 << 20, chunkBytes: Int = chunkBytes
  ) -> LoanStore? {
    let descriptor = open(LocalFile.expand(path), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) >= minimumBytes
    else { return nil }
    let collector = ChunkCollector(decoder: decoder)
    guard
      let skeletonBytes = split(
        descriptor, into: collector, readBytes: readBytes, chunkBytes: chunkBytes),
      let loans = collector.finish(), !loans.isEmpty,
      let skeleton = decoder.skeleton(skeletonBytes)
    else { return nil }
    return LoanStore(loans: loans, paging: skeleton.paging)
  }

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
        guard count >= 0 else { return nil }
        if count == 0 { break }
        for chunk in try splitter.feed(UnsafeBufferPointer(start: buffer, count: count)) {
          collector.decode(chunk)
        }
      }
      return collector.hasFailed ? nil : try splitter.finish()
    } catch {
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

/// Decodes chunks on a concurrent queue, at most `chunksInFlight` at a time, and keeps
/// their loans in order.
private final class ChunkCollector: @unchecked Sendable {
  private let decoder: FastJSONDecoder
  private let queue = DispatchQueue(label: "kivash.loans", attributes: .concurrent)
  private let group = DispatchGroup()
  private let slots = DispatchSemaphore(value: LoanFileStream.chunksInFlight)
  private let lock = NSLock()
  /// The loans of each chunk, by chunk number; nil until decoded.
  private var decoded: [[Loan]?] = []
  private var failed = false

  init(decoder: FastJSONDecoder) {
    self.decoder = decoder
  }

  var hasFailed: Bool { lock.withLock { failed } }

  /// Decodes `chunk` in the background; waits first while too many are in flight.
  func decode(_ chunk: FastJSONArraySplitter.Chunk) {
    slots.wait()
    let number = lock.withLock {
      decoded.append(nil)
      return decoded.count - 1
    }
    queue.async(group: group) { [self] in
      defer { slots.signal() }
      let loans = try? decoder.withDocument(chunk.json) { document in
        try document.decodeElements(
          Loan.self, asElementsAt: [LoanStore.CodingKeys.loans], from: chunk.firstIndex)
      }
      lock.withLock {
        // A loan that fails sends the file down the whole path, which reports it.
        guard case let elements?? = loans, elements.failures.isEmpty else {
          failed = true
          return
        }
        decoded[number] = elements.values
      }
    }
  }

  /// Waits for every chunk; all their loans in order, or nil if one failed.
  func finish() -> [Loan]? {
    group.wait()
    return lock.withLock {
      guard !failed else { return nil }
      var loans: [Loan] = []
      loans.reserveCapacity(decoded.reduce(0) { $0 + ($1?.count ?? 0) })
      for index in decoded.indices {
        guard let chunk = decoded[index] else { return nil }
        loans.append(contentsOf: chunk)
        decoded[index] = []
      }
      return loans
    }
  }
}
