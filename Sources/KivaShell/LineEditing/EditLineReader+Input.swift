import CEditLineShim
import Glibc

/// What the character reader knows while one line is read.
struct TerminalInput {
  /// Ctrl-C was pressed: every further read fails until the next line (after one ^E).
  var interrupted = false
  /// Whether the ^E that takes the cursor to the end of the line before it is abandoned
  /// was handed to libedit: a `^C` written mid-line would leave the line's later rows on
  /// the screen, under the next prompt.
  var movedToEnd = false
  /// The terminal reported end of input (hang-up): every further read says so.
  var ended = false
  /// Whether ^R's search is running (see `EditLineReader.noteSearch`).
  var searching = false
  /// Bytes of a UTF-8 sequence not yet complete.
  var pendingBytes: [UInt8] = []
  /// Characters decoded but not yet handed to libedit (one read may end a bad sequence
  /// and start a character).
  var queued: [Unicode.Scalar] = []
  /// Each run of bytes that was not UTF-8, in order: each shows in the line as U+FFFD,
  /// and the line is refused when it is entered (see `EditLineReader.readLine`).
  var invalidBytes: [[UInt8]] = []
  /// The last two characters read, newest last, to tell a TAB that follows a TAB.
  var lastKey: wchar_t?
  var keyBeforeLast: wchar_t?

  mutating func noteKey(_ key: wchar_t) {
    keyBeforeLast = lastKey
    lastKey = key
  }
}

/// The character reader libedit uses instead of its own (EL_GETCFN), as lldb does.
///
/// libedit's reader retries a read interrupted by a signal, so Ctrl-C would go unnoticed.
/// This one waits with poll() on stdin and on the signal wake-up pipe: SIGINT (or a raw
/// 0x03 byte, should the terminal not turn it into a signal) ends the line as interrupted,
/// SIGWINCH resizes, SIGCONT restores the editing mode after a suspension.
extension EditLineReader {
  static let controlC: UInt8 = 0x03
  /// ^E: ed-move-to-end in libedit's emacs bindings.
  static let moveToEnd: wchar_t = 0x05

  /// Returns 1 with a character, 0 at end of input, -1 when interrupted or on error.
  func readCharacter(_ editLine: OpaquePointer, into character: UnsafeMutablePointer<wchar_t>)
    -> Int32
  {
    character.pointee = 0
    while true {
      if input.interrupted {
        guard input.movedToEnd else {
          input.movedToEnd = true
          character.pointee = Self.moveToEnd
          return 1
        }
        return -1
      }
      if !input.queued.isEmpty {
        var scalar = input.queued.removeFirst()
        if input.searching, scalar == "\u{1B}" { scalar = keyForEscapeInSearch() }
        noteSearch(scalar)
        let key = wchar_t(bitPattern: scalar.value)
        input.noteKey(key)
        character.pointee = key
        return 1
      }
      if input.ended { return 0 }
      // Drain before looking at the flags: a signal after this point wakes poll() again.
      kivash_signal_wakeup_drain()
      if kivash_take_sigint() != 0 {
        input.interrupted = true
        continue
      }
      if let signal = kivash_take_sigterm() != 0
        ? SIGTERM : kivash_take_sighup() != 0 ? SIGHUP : nil
      {
        // Asked to stop, or hung up: end the session as Ctrl-D would (history is already
        // saved, and every change committed), restoring the terminal on the way out.
        Self.terminated.withLock { $0 = signal }
        input.ended = true
        continue
      }
      if kivash_take_sigwinch() != 0 { el_resize(editLine) }
      if kivash_take_sigcont() != 0 { restoreEditingMode(editLine) }
      guard waitForInput() else { continue }

      var byte: UInt8 = 0
      let count = Glibc.read(STDIN_FILENO, &byte, 1)
      // The terminal hung up (closed): a terminal in editing mode gives no end of input
      // otherwise (Ctrl-D is a byte), so the session ends as on SIGHUP, which may not
      // have arrived yet.
      if count == 0 || (count < 0 && errno == EIO) {
        Self.terminated.withLock { $0 = $0 ?? SIGHUP }
        input.ended = true
        continue
      }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return -1
      }
      if byte == Self.controlC {
        input.pendingBytes.removeAll()
        input.interrupted = true
        continue
      }
      input.queued += decode(byte)
    }
  }

  /// Waits until stdin or the wake-up pipe is readable; false if woken by a signal.
  private func waitForInput() -> Bool {
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: kivash_signal_wakeup_fd(), events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&fds, nfds_t(fds.count), -1)
    if ready <= 0 { return false }  // EINTR: a signal; look at the flags again
    return fds[0].revents != 0
  }

  /// Adds a byte to the pending UTF-8 sequence; returns the characters it completes.
  /// Bytes that are not UTF-8 become U+FFFD, which the line shows, and are noted in
  /// `invalidBytes`; the byte that broke a sequence starts anew if it can.
  private func decode(_ byte: UInt8) -> [Unicode.Scalar] {
    var decoded: [Unicode.Scalar] = []
    if !input.pendingBytes.isEmpty && !UTF8.isContinuation(byte) {
      decoded.append(invalid(input.pendingBytes))
      input.pendingBytes.removeAll()
    }
    input.pendingBytes.append(byte)
    let expected = Self.sequenceLength(leading: input.pendingBytes[0])
    if expected == 0 {
      defer { input.pendingBytes.removeAll() }
      return decoded + [invalid(input.pendingBytes)]
    }
    guard input.pendingBytes.count >= expected else { return decoded }
    defer { input.pendingBytes.removeAll() }
    var decoder = UTF8()
    var iterator = input.pendingBytes.makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return decoded + [scalar] }
    return decoded + [invalid(input.pendingBytes)]
  }

  /// Notes `bytes`, which are not UTF-8, and returns what stands for them in the line.
  private func invalid(_ bytes: [UInt8]) -> Unicode.Scalar {
    input.invalidBytes.append(bytes)
    return "\u{FFFD}"
  }

  /// How many bytes a UTF-8 sequence starting with `byte` has; 0 if none starts so.
  private static func sequenceLength(leading byte: UInt8) -> Int {
    switch byte {
    case 0x00...0x7F: 1
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 0
    }
  }

  /// After a suspension (Ctrl-Z, then `fg`) the shell may have reset the terminal: put it
  /// back in editing mode and redraw the line.
  private func restoreEditingMode(_ editLine: OpaquePointer) {
    kivash_el_prepare_terminal(editLine, 0)
    kivash_el_prepare_terminal(editLine, 1)
    writeOutput("\r")  // redraw from the start of the row, not after what is there
    kivash_el_refresh(editLine)
  }
}
