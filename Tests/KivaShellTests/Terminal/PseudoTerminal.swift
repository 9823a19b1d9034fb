import Foundation
import Glibc
import Testing

/// A program running on a pseudo-terminal, driven like a user at a keyboard.
///
/// The child gets a new session whose controlling terminal is the pty's slave side, so
/// Ctrl-C typed on the master reaches it as SIGINT, exactly as in a terminal emulator.
/// Everything the child prints accumulates in `output`; `expect` waits (poll() with a
/// deadline, never a fixed sleep) until the expected text shows up after the previous match.
final class PseudoTerminal {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// How long `expect` and `waitForExit` wait unless told otherwise.
  static let defaultTimeout: Duration = .seconds(20)

  let processID: pid_t
  private let master: Int32
  /// Everything the child wrote so far.
  private(set) var output: [UInt8] = []
  /// Where the next `expect` starts looking (just past the previous match).
  private var searchStart = 0
  private var masterClosed = false
  /// Whether `hangUp()` closed the terminal's side (deinit must not close it again).
  private var hungUp = false
  private var exitStatus: Int32?

  /// The output so far as text (invalid UTF-8 shown as U+FFFD).
  var text: String { String(decoding: output, as: UTF8.self) }

  /// Starts `executable` on a new pseudo-terminal of `columns` x `rows`, with exactly
  /// `environment` as its environment.
  init(
    executable: URL, arguments: [String] = [], environment: [String: String],
    columns: UInt16 = 100, rows: UInt16 = 30
  ) throws {
    let library = try PseudoTerminalFunctions()
    let master = library.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw Self.failure("posix_openpt") }
    var name = [CChar](repeating: 0, count: 128)
    guard library.grantpt(master) == 0, library.unlockpt(master) == 0,
      library.ptsname(master, &name, name.count) == 0
    else {
      close(master)
      throw Self.failure("grantpt/unlockpt/ptsname_r")
    }
    let slavePath = String(decoding: name.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      close(master)
      throw Self.failure("TIOCSWINSZ")
    }
    do {
      processID = try Self.spawn(
        executable.path, arguments: arguments, environment: environment, terminal: slavePath)
    } catch {
      close(master)
      throw error
    }
    self.master = master
  }

  deinit {
    if exitStatus == nil {
      kill(processID, SIGKILL)
      var status: Int32 = 0
      waitpid(processID, &status, 0)
    }
    if !hungUp { close(master) }
  }

  /// Resizes the terminal, as dragging its window does: the kernel sends SIGWINCH to
  /// the program in the foreground.
  func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Types `keys` (UTF-8) as if at the keyboard.
  func send(_ keys: String) {
    send(bytes: Array(keys.utf8))
  }

  /// Writes raw bytes to the terminal: 0x03 is Ctrl-C, 0x04 Ctrl-D, "\u{1B}[A" Up.
  func send(bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }

  /// The child's signals and process group, from /proc, for a timeout's message: what a
  /// Ctrl-C that changed nothing needs to be understood (SIGINT, bit 0x2, ignored, blocked
  /// in every thread or pending; or a terminal whose foreground group is not the child's).
  var signalState: String {
    let path = "/proc/\(processID)"
    guard let status = try? String(contentsOfFile: path + "/status", encoding: .utf8) else {
      return "no /proc entry"
    }
    var parts = ["SigIgn", "SigCgt", "SigPnd", "ShdPnd"].map {
      "\($0) \(Self.field($0, in: status))"
    }
    if let stat = try? String(contentsOfFile: path + "/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    {
      // After the name: state, ppid, pgrp, session, tty_nr, tpgid.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 5 {
        parts.append("pgrp \(fields[2]), session \(fields[3]), tpgid \(fields[5])")
      }
    }
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: path + "/task")) ?? []
    // Each thread: name, run state, blocked signals, where it waits in the kernel and
    // the system call it is in (number first) — a thread stuck in a write shows here.
    let described = threads.sorted().map { thread in
      let task = "\(path)/task/\(thread)"
      let status = (try? String(contentsOfFile: task + "/status", encoding: .utf8)) ?? ""
      let wchan = (try? String(contentsOfFile: task + "/wchan", encoding: .utf8)) ?? "?"
      let syscall = (try? String(contentsOfFile: task + "/syscall", encoding: .utf8)) ?? "?"
      let call = syscall.split(separator: " ").prefix(3).joined(separator: " ")
      return
        "\(thread) \(Self.field("Name", in: status)) \(Self.field("State", in: status).prefix(1))"
        + " blk \(Self.field("SigBlk", in: status)) wchan \(wchan) sys \(call)"
    }
    parts.append("threads: " + described.joined(separator: "; "))
    var modes = termios()
    if tcgetattr(master, &modes) == 0 {
      let flags = [(ISIG, "ISIG"), (ICANON, "ICANON"), (ECHO, "ECHO"), (NOFLSH, "NOFLSH")]
      let on = flags.filter { modes.c_lflag & tcflag_t($0.0) != 0 }.map(\.1)
      parts.append("terminal lflag: " + on.joined(separator: "|"))
    }
    return parts.joined(separator: ", ")
  }

  /// Closes the terminal's side the test holds, as closing a terminal window does: the
  /// program's reads end, and it gets SIGHUP.
  func hangUp() {
    guard !hungUp else { return }
    close(master)
    hungUp = true
    masterClosed = true
  }

  /// The terminal's local modes (`c_lflag`: ECHO, ICANON…) as they are now; nil when
  /// they cannot be read.
  var localModes: tcflag_t? {
    var modes = termios()
    return tcgetattr(master, &modes) == 0 ? modes.c_lflag : nil
  }

  /// Records `message` as an issue, and writes it to standard error as well: test logs
  /// have shown none, or only the end, of the issue for a long transcript.
  private static func report(_ message: String, sourceLocation: SourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    let line = "PseudoTerminal, \(sourceLocation.fileName):\(sourceLocation.line): "
    FileHandle.standardError.write(Data((line + message.debugDescription + "\n").utf8))
  }

  /// The value of line `name:` of a /proc status file.
  private static func field(_ name: String, in status: String) -> String {
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
    else { return "?" }
    return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
  }

  /// Waits until `expected` appears after the previous match, and moves past it; on timeout
  /// records an issue showing the output so far, and throws.
  @discardableResult
  func expect(
    _ expected: String, timeout: Duration = defaultTimeout,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    try expect(timeout: timeout, describedAs: expected, sourceLocation: sourceLocation) {
      text in text.range(of: expected)
    }
  }

  /// Waits until `pattern` matches after the previous match, and moves past it; returns the
  /// matched text.
  @discardableResult
  func expect(
    _ pattern: Regex<Substring>, describedAs description: String,
    timeout: Duration = defaultTimeout, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    try expect(timeout: timeout, describedAs: description, sourceLocation: sourceLocation) {
      text in text.firstMatch(of: pattern)?.range
    }
  }

  /// Waits for the child to exit (reading what it still prints) and returns its exit code,
  /// or 128 + the signal that ended it. On timeout kills it, records an issue, and throws.
  func waitForExit(
    timeout: Duration = defaultTimeout, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while true {
      var status: Int32 = 0
      let result = waitpid(processID, &status, WNOHANG)
      if result == processID {
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        return code
      }
      if result < 0 && errno != EINTR { throw Self.failure("waitpid") }
      guard ContinuousClock.now < deadline else {
        let message =
          "kivash did not exit within \(timeout); output so far:\n\(text)\nkivash: \(signalState)"
        Self.report(message, sourceLocation: sourceLocation)
        throw Failure(description: message)
      }
      readAvailable(until: min(deadline, ContinuousClock.now + .milliseconds(50)))
    }
  }

  private func expect(
    timeout: Duration, describedAs description: String, sourceLocation: SourceLocation,
    find: (Substring) -> Range<Substring.Index>?
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    var drained = false
    while true {
      let all = text
      let unread = all.utf8.index(all.startIndex, offsetBy: min(searchStart, all.utf8.count))
      let rest = all[unread...]
      if let range = find(rest) {
        searchStart = all.utf8.distance(from: all.startIndex, to: range.upperBound)
        return String(rest[range])
      }
      // Past the deadline, read what is there before failing: a test kept off the CPU
      // for a while (a loaded machine) finds its output waiting.
      if ContinuousClock.now >= deadline, !drained, !masterClosed {
        drained = true
        while readAvailable(until: ContinuousClock.now) {}
        continue
      }
      guard ContinuousClock.now < deadline, !masterClosed else {
        let reason = masterClosed ? "the program ended" : "timed out after \(timeout)"
        // The program's state last: test logs have kept only the end of a long message.
        let message = """
          expected \(description.debugDescription) but \(reason); output after the previous \
          match:
          \(String(rest).debugDescription)
          kivash: \(signalState)
          """
        Self.report(message, sourceLocation: sourceLocation)
        throw Failure(description: message)
      }
      readAvailable(until: deadline)
    }
  }

  /// Waits until the child writes something (or `deadline` passes) and appends it;
  /// whether anything was read.
  @discardableResult
  private func readAvailable(until deadline: ContinuousClock.Instant) -> Bool {
    guard !masterClosed else { return false }
    let remaining = ContinuousClock.now.duration(to: deadline)
    let milliseconds = max(
      0,
      remaining.components.seconds * 1000
        + remaining.components.attoseconds / 1_000_000_000_000_000)
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(clamping: milliseconds)) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if count > 0 {
      output.append(contentsOf: buffer[..<count])
      return true
    }
    if count == 0 || (errno != EINTR && errno != EAGAIN) {
      masterClosed = true  // EIO: the child closed its side
    }
    return false
  }

  private static func spawn(
    _ path: String, arguments: [String], environment: [String: String], terminal: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    // A new session first; then the first terminal it opens becomes its controlling one.
    posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    // Start from default signal handling, whatever the test runner set up.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    let flags =
      PseudoTerminalFunctions.spawnSetSID | Int16(POSIX_SPAWN_SETSIGDEF)
      | Int16(POSIX_SPAWN_SETSIGMASK)
    posix_spawnattr_setflags(&attributes, flags)

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var processID: pid_t = 0
    let error = posix_spawn(&processID, path, &actions, &attributes, argv, envp)
    guard error == 0 else {
      throw Failure(description: "posix_spawn \(path): \(String(cString: strerror(error)))")
    }
    return processID
  }

  private static func failure(_ what: String) -> Failure {
    Failure(description: "\(what): \(String(cString: strerror(errno)))")
  }
}

/// posix_openpt(), grantpt(), unlockpt(), ptsname_r() and POSIX_SPAWN_SETSID are in glibc,
/// but its headers hide them unless _XOPEN_SOURCE / _GNU_SOURCE is defined, which Swift's
/// Glibc module does not do; the functions are looked up by name instead.
struct PseudoTerminalFunctions {
  typealias Open = @convention(c) (Int32) -> Int32
  typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

  /// glibc's (and musl's) value for POSIX_SPAWN_SETSID, supported since glibc 2.26.
  static let spawnSetSID: Int16 = 0x80

  let openpt: Open
  let grantpt: Open
  let unlockpt: Open
  let ptsname: Name

  init() throws {
    openpt = try Self.lookUp("posix_openpt", as: Open.self)
    grantpt = try Self.lookUp("grantpt", as: Open.self)
    unlockpt = try Self.lookUp("unlockpt", as: Open.self)
    ptsname = try Self.lookUp("ptsname_r", as: Name.self)
  }

  private static func lookUp<Function>(_ name: String, as type: Function.Type) throws
    -> Function
  {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
      throw PseudoTerminal.Failure(description: "\(name) not found in the C library")
    }
    return unsafeBitCast(symbol, to: type)
  }
}
