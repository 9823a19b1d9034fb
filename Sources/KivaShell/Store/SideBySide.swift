import Dispatch
import Foundation

/// Runs independent pieces of work at the same time, one per core.
enum SideBySide {
  /// Runs `first` and `second` at once (or one after the other unless `concurrently`)
  /// and returns both results.
  static func run<A: Sendable, B: Sendable>(
    _ first: @Sendable () -> A, _ second: @Sendable () -> B, concurrently: Bool = true
  ) -> (A, B) {
    guard concurrently else { return (first(), second()) }
    let results = Results<A, B>()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      if index == 0 {
        let value = first()
        results.lock.withLock { results.first = value }
      } else {
        let value = second()
        results.lock.withLock { results.second = value }
      }
    }
    return results.lock.withLock {
      guard let first = results.first, let second = results.second else {
        // concurrentPerform returns only after both iterations ran.
        preconditionFailure("a side-by-side task did not finish")
      }
      return (first, second)
    }
  }

  private final class Results<A, B>: @unchecked Sendable {
    let lock = NSLock()
    var first: A?
    var second: B?
  }
}
