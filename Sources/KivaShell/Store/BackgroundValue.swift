import Dispatch
import Foundation

/// A value worked out on another thread while the shell goes on, and waited for where it
/// is first needed; or, when not worth a thread, worked out there and then.
///
/// A collection's vocabulary and search buffer take a tenth of a second each at a
/// million records. Built this way, `fetch` returns as soon as the records and the
/// filter values are ready: a script whose next commands only filter and count never
/// waits for them, and at the prompt they are ready long before the next TAB or search.
/// Shared by copies of a collection (what it is made from never changes).
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchGroup()
  private let make: @Sendable () -> Value
  private var result: Value?

  /// Starts `make` on `queue`, or, without one, runs it on the first use of `value`.
  init(on queue: DispatchQueue?, _ make: @escaping @Sendable () -> Value) {
    self.make = make
    guard let queue else { return }
    done.enter()
    queue.async { [self] in
      let value = make()
      lock.withLock { result = value }
      done.leave()
    }
  }

  /// A value already there: nothing to work out.
  convenience init(_ value: Value) {
    self.init(on: nil) { value }
  }

  /// The value, once worked out: waits for the other thread if it is still at it.
  var value: Value {
    done.wait()
    return lock.withLock {
      if let result { return result }
      let value = make()
      result = value
      return value
    }
  }
}
