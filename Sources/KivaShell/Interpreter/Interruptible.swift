import CEditLineShim
import Foundation
import Synchronization

/// Runs long work (reading and decoding a large file) so that Ctrl-C can stop the
/// command at once: the work runs on its own thread while the caller checks for the
/// interrupt. On an interrupt the command fails with `.interrupted`, so the session is
/// left as it was; the abandoned work finishes in the background and is thrown away.
enum Interruptible {
  /// How often the waiting thread looks at the interrupt flag.
  static let checkInterval = DispatchTimeInterval.milliseconds(20)

  /// Set when the work is abandoned, for work that can stop early (reading a file in
  /// pieces stops between pieces).
  final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Whether the work was abandoned.
    var isCancelled: Bool { flag.load(ordering: .relaxed) }

    fileprivate func cancel() { flag.store(true, ordering: .relaxed) }
  }

  /// The result of `work`, or `.interrupted` as soon as `isInterrupted` says so.
  static func run<T: Sendable>(
    isInterrupted: () -> Bool, _ work: @escaping @Sendable () throws(ShellError) -> T
  ) throws(ShellError) -> T {
    try run(isInterrupted: isInterrupted) { (_: Cancellation) throws(ShellError) in try work() }
  }

  /// The result of `work`, or `.interrupted` as soon as `isInterrupted` says so; `work`
  /// sees the interrupt through its `Cancellation`.
  static func run<T: Sendable>(
    isInterrupted: () -> Bool,
    _ work: @escaping @Sendable (Cancellation) throws(ShellError) -> T
  ) throws(ShellError) -> T {
    let outcome = Locked<Result<T, ShellError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let cancellation = Cancellation()
    let thread = Thread {
      let result = Result { () throws(ShellError) -> T in try work(cancellation) }
      outcome.withLock { $0 = result }
      done.signal()
    }
    thread.stackSize = 8 << 20  // as the main thread's: decoders recurse per nesting level
    thread.start()
    while done.wait(timeout: .now() + checkInterval) == .timedOut {
      if isInterrupted() {
        cancellation.cancel()
        throw ShellError(.interrupted)
      }
    }
    guard let result = outcome.withLock({ $0 }) else { throw ShellError(.interrupted) }
    return try result.get()
  }
}

/// The signals that stop a script: SIGINT (Ctrl-C) and SIGTERM.
public enum StoppingSignal {
  /// Makes SIGINT and SIGTERM stop a script between commands (and a long decode at once)
  /// instead of killing the process mid-write.
  public static func install() {
    kivash_script_signals_install()
  }

  /// The first SIGINT or SIGTERM received since `install()`, or nil.
  public static var received: Int32? {
    let signal = kivash_stopping_signal()
    return signal == 0 ? nil : signal
  }

  /// The exit status for a run stopped by `signal`: 128 + its number, as shells report
  /// it (130 for SIGINT, 143 for SIGTERM).
  public static func exitStatus(_ signal: Int32) -> Int32 {
    128 + signal
  }
}
