import Synchronization

/// How a long loop in a command notices Ctrl-C: building and writing a table of 300 000
/// rows takes long enough that a person gives up on it, and must be able to say so.
struct InterruptCheck: Sendable {
  /// Whether Ctrl-C was pressed; asking forgets the press, which the command then fails on.
  let isInterrupted: @Sendable () -> Bool

  /// A check that never stops anything.
  static let never = InterruptCheck { false }

  /// Throws `.interrupted` once Ctrl-C was pressed: the command fails, and the session
  /// stays as it was before it.
  func check() throws(ShellError) {
    if isInterrupted() { throw ShellError(.interrupted) }
  }

  /// A check that, once it has said Ctrl-C was pressed, says so to every later question:
  /// for work shared among threads, where the one press — forgotten by whichever asked
  /// first — must stop them all.
  func latching() -> InterruptCheck {
    let latch = Latch()
    let ask = isInterrupted
    return InterruptCheck { latch.isSet || (ask() && latch.set()) }
  }

  /// Whether a press was heard, for every thread to see.
  private final class Latch: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }

    /// Sets the latch; true, for use in a condition.
    func set() -> Bool {
      flag.store(true, ordering: .releasing)
      return true
    }
  }
}

extension CommandContext {
  /// The check for Ctrl-C that this command's long loops make.
  var interrupt: InterruptCheck { InterruptCheck(isInterrupted: isInterrupted) }
}
