import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a big loans file piece by piece and decodes its loans while the rest is still
/// being read, on every core, so that the file is never in memory whole: memory holds
/// the loans, a few pieces in flight, and nothing else.
///
/// The text before the `loans` array goes to a `FastJSONSkeletonReader`; from the array's
/// opening bracket on, the file is read straight into piece buffers of about 2 MB, which
/// `LoanPieceCollector` indexes one after another (each piece's loans start where the
/// previous piece's end) and decodes side by side; the text after the array goes back to
/// the skeleton reader. The bytes of the loans are read once by the kernel, then only by
/// the index and the decoding.
///
/// Only the ordinary cases stream: a file shaped like `{"paging": …, "loans": [ … ]}`, or
/// a bare array of loans `[ … ]` (what `kivash --json list` prints), whose loans all
/// decode. Anything else — a file too small to bother, not shaped like
/// that, invalid JSON, loans that fail, a read error — gives nil, and the caller reads
/// and decodes the file whole, which says exactly what is wrong.
enum LoanFileStream {
  /// Files smaller than this are read whole: streaming would gain nothing.
  static let minimumBytes = 8 << 20
  /// How many bytes of loans each piece holds.
  static let pieceBytes = 2 << 20
  /// How many pieces may be read ahead of the decoding.
  static let piecesInFlight = 6
  /// A loan longer than this sends the file down the whole path.
  static let maximumLoanBytes = 8 << 20

  /// The loans of the file at `path`, or nil when it does not stream (see above); files
  /// below `minimumBytes` do not; the file is read `readBytes` at a time into pieces of
  /// `pieceBytes`.
  static func load(
    path: String, decoder: FastJSONDecoder, minimumBytes: Int = minimumBytes,
    readBytes: Int = 1 << 20, pieceBytes: Int = pieceBytes,
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
    // Each piece decodes its loans straight into their places in the array, whose size
    // is not known until the end: reserve room for as many loans as the file could
    // hold (no loan takes fewer bytes); memory is only used as loans are written.
    guard let capacity = slotCapacity(fileBytes: Int(status.st_size)) else { return nil }
    var skeletonBytes: Data?
    var isRootArray = false
    let loans = [Loan](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      initialized = 0
      guard let slots = buffer.baseAddress else { return }
      let collector = LoanPieceCollector(
        decoder: decoder, slots: slots, capacity: capacity, pieceBytes: max(pieceBytes, 1),
        isCancelled: isCancelled)
      var skeleton = FastJSONSkeletonReader(key: LoanStore.CodingKeys.loans.stringValue)
      read(descriptor, skeleton: &skeleton, into: collector, readBytes: readBytes)
      // A failed read has failed the collector, which then releases every loan and gives
      // no bytes after the array.
      let (count, afterArray) = collector.finish()
      initialized = count
      guard let afterArray else { return }
      skeletonBytes = try? finishSkeleton(&skeleton, afterArray: afterArray)
      isRootArray = skeleton.isRootArray
    }
    guard let skeletonBytes, !loans.isEmpty else { return nil }
    // A bare array has nothing around its loans: no paging.
    if isRootArray { return LoanStore(loans: loans) }
    guard let skeleton = decoder.skeleton(skeletonBytes) else { return nil }
    return LoanStore(loans: loans, paging: skeleton.paging)
  }

  /// Room for the loans of a file of `fileBytes`: as many as it could hold, but no more
  /// than memory could (a sparse file may claim any size; such a file fails once its
  /// loans overflow the room, and is read whole, which refuses what it cannot hold). Nil
  /// when the kernel would refuse that much address space (memory not overcommitted):
  /// asking the allocator for it would be fatal, so it is asked of `mmap` first.
  static func slotCapacity(fileBytes: Int) -> Int? {
    let stride = MemoryLayout<Loan>.stride
    let memory = max(sysconf(Int32(_SC_PHYS_PAGES)), 0) * max(sysconf(Int32(_SC_PAGESIZE)), 0)
    let capacity = min(max(fileBytes, 0) / smallestLoanBytes + 1, max(memory / stride, 1))
    let bytes = capacity * stride
    let probe = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let probe, probe != MAP_FAILED else { return nil }
    munmap(probe, bytes)
    return capacity
  }

  /// Fewer bytes than any loan `Loan.init(from:)` accepts takes: its required keys.
  static let smallestLoanBytes =
    #"{"id":0,"name":"","use":"","loan_amount":0,"sector":"","activity":"","status":"","location":{"country":""}}"#
    .utf8.count

  /// Reads the file: the text before the loans into `skeleton`, the loans a piece at a
  /// time into `collector`, in order. When the file cannot be read or streamed, or a piece
  /// failed, the collector has failed.
  private static func read(
    _ descriptor: Int32, skeleton: inout FastJSONSkeletonReader,
    into collector: LoanPieceCollector, readBytes: Int
  ) {
    let readBytes = max(readBytes, 1)
    // The text before the array: the rest of the buffer the array begins in is the
    // start of its first piece.
    var piece: FastJSONPieceBuffer
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: readBytes)
    defer { buffer.deallocate() }
    while true {
      guard !collector.hasFailed, let count = readSome(descriptor, into: buffer, readBytes),
        count > 0
      else {
        collector.fail()
        return
      }
      let bytes = UnsafeBufferPointer(start: buffer, count: count)
      let arrayStart: Int?
      do {
        arrayStart = try skeleton.feed(bytes)
      } catch {
        collector.fail()
        return
      }
      guard let elementsStart = arrayStart else { continue }
      piece = collector.newPiece(capacity: count - elementsStart)
      piece.piece.initialize(from: buffer + elementsStart, count: count - elementsStart)
      piece.count = count - elementsStart
      break
    }
    // The array's bytes, in pieces, to the end of the file.
    while !collector.hasFailed {
      if piece.room == 0 {
        collector.scan(piece, isLast: false)
        piece = collector.newPiece()
      }
      guard
        let count = readSome(
          descriptor, into: piece.piece + piece.count, min(piece.room, readBytes))
      else {
        collector.fail()
        return
      }
      if count == 0 {
        collector.scan(piece, isLast: true)
        return
      }
      piece.count += count
    }
    // Cancelled, or failed already: either way the loans are not all read.
    collector.fail()
  }

  /// Up to `limit` bytes read into `buffer`: how many (0 at the end of the file), or nil
  /// on a read error.
  private static func readSome(
    _ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, _ limit: Int
  ) -> Int? {
    while true {
      let count = Glibc.read(descriptor, buffer, limit)
      if count >= 0 { return count }
      if errno != EINTR { return nil }
    }
  }

  /// The skeleton, given the bytes after the loans array.
  private static func finishSkeleton(
    _ skeleton: inout FastJSONSkeletonReader, afterArray: [UInt8]
  ) throws -> Data {
    try skeleton.resumeAfterArray()
    _ = try afterArray.withUnsafeBufferPointer { try skeleton.feed($0) }
    return try skeleton.finish()
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
