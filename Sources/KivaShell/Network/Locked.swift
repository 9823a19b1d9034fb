import Foundation

/// State shared between threads behind a lock, with `Synchronization.Mutex`'s `withLock`.
///
/// On Linux, Swift 6.3's `Mutex` waits on a futex that ThreadSanitizer does not see, so
/// under contention `scripts/test --sanitize` reported races on the very state it guards
/// (reproduced in a 15-line program of two threads incrementing a counter). `NSLock` is a
/// pthread mutex, which ThreadSanitizer understands, so real races stay visible.
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// State that starts as `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value with the lock held.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
