import Dispatch
import Foundation

/// Work over the positions `0..<count`, split into chunks done side by side on every
/// core: each chunk's result, in order.
///
///     let sums = ChunkedWork.map(count: numbers.count, chunkSize: 4096) { range in
///       numbers[range].reduce(0, +)
///     }
///
/// `body` is called on several threads at once, each with a chunk of its own, and must
/// only read what it shares. With one chunk, or `threads` at most one, everything runs
/// on the caller's thread; otherwise the chunks are shared among the threads Dispatch
/// gives `concurrentPerform` (one a core), the caller's among them.
enum ChunkedWork {
  /// The results of `body` for `0..<count` in chunks of `chunkSize` (the last may be
  /// shorter), in order.
  static func map<Result>(
    count: Int, chunkSize: Int, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ body: (Range<Int>) -> Result
  ) -> [Result] {
    let chunkSize = max(chunkSize, 1)
    let count = max(count, 0)
    let chunkCount = count / chunkSize + (count % chunkSize == 0 ? 0 : 1)
    func chunk(_ index: Int) -> Range<Int> {
      let start = index * chunkSize
      return start..<start + min(chunkSize, count - start)
    }
    guard chunkCount > 1, threads > 1 else { return (0..<chunkCount).map { body(chunk($0)) } }
    return withoutActuallyEscaping(body) { body in
      let slots = UnsafeMutablePointer<Result?>.allocate(capacity: chunkCount)
      slots.initialize(repeating: nil, count: chunkCount)
      defer {
        slots.deinitialize(count: chunkCount)
        slots.deallocate()
      }
      let work = ChunkWork { index in (slots + index).pointee = body(chunk(index)) }
      DispatchQueue.concurrentPerform(iterations: chunkCount) { work.run($0) }
      return (0..<chunkCount).compactMap { slots[$0] }
    }
  }

  /// The work handed to the threads.
  ///
  /// `@unchecked Sendable`: each thread runs a chunk of its own and writes only that
  /// chunk's result; the caller reads the results after every thread has finished.
  private final class ChunkWork: @unchecked Sendable {
    /// Does the chunk at an index.
    let run: (Int) -> Void

    init(_ run: @escaping (Int) -> Void) {
      self.run = run
    }
  }
}
