import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Long output at a terminal goes through a pager, as git and psql do: `$PAGER`, or
/// `less -FRX` (which quits at once when the text fits, keeps colours and leaves the
/// text on screen) when `PAGER` is unset, except on a terminal that says it can do
/// little (`TERM=dumb`: Emacs's shell, where less garbles the rows); `PAGER=` (empty)
/// turns paging off. Only at the prompt: scripts run unattended, never waiting on a pager.
public enum Pager {
  /// The pager command for `environment`; nil for none (or when it is not installed).
  public static func command(environment: [String: String]) -> String? {
    guard let command = environment["PAGER"] ?? (environment["TERM"] == "dumb" ? nil : "less -FRX")
    else { return nil }
    let program = command.split(separator: " ").first.map(String.init) ?? ""
    guard !program.isEmpty, isInstalled(program, path: environment["PATH"] ?? "/usr/bin:/bin")
    else { return nil }
    return command
  }

  /// The program `$PAGER` names in `environment` when it is not installed; nil when it
  /// is, or when `PAGER` is unset or empty.
  public static func missingProgram(environment: [String: String]) -> String? {
    guard let text = environment["PAGER"], command(environment: environment) == nil,
      let program = text.split(separator: " ").first.map(String.init)
    else { return nil }
    return program
  }

  private static func isInstalled(_ program: String, path: String) -> Bool {
    if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
    return path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
  }

  /// How showing text through the pager went.
  enum Outcome: Equatable {
    /// The pager ran and quit: with status 0, as the user quit it (`less -K` ends with
    /// status 2 on Ctrl-C), or on SIGPIPE.
    case shown
    /// SIGINT ended the pager (Ctrl-C ends `cat` and `more` so), perhaps in the middle of
    /// a line.
    case interrupted
    /// No pager process could be started.
    case notStarted
    /// The pager ended otherwise: `reason` says how ("exit status 1").
    case failed(reason: String)
  }

  /// Shows `text` through `command` (run by `/bin/sh`) and waits until the pager quits.
  static func show(_ text: String, command: String) -> Outcome {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return .notStarted }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    let words: [String] = ["/bin/sh", "-c", command]
    let arguments = words.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    var processID = pid_t()
    let status = posix_spawn(&processID, "/bin/sh", &actions, nil, arguments, environ)
    close(pipeEnds[0])
    guard status == 0 else {
      close(pipeEnds[1])
      return .notStarted
    }
    // The pager may quit before reading everything (q in less): EPIPE ends the writing.
    Array(text.utf8).withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(
          pipeEnds[1], bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          break
        }
      }
    }
    close(pipeEnds[1])
    var waitStatus: Int32 = 0
    while waitpid(processID, &waitStatus, 0) == -1 && errno == EINTR {}
    // The wait status: a signal number in the low 7 bits, else the exit status above them.
    let signal = waitStatus & 0x7f
    let exitStatus = (waitStatus >> 8) & 0xff
    // A shell reports a program SIGINT ended as status 130.
    if signal == SIGINT || (signal == 0 && exitStatus == 128 + SIGINT) { return .interrupted }
    if signal == 0 {
      return [0, 2].contains(exitStatus) ? .shown : .failed(reason: "exit status \(exitStatus)")
    }
    return signal == SIGPIPE ? .shown : .failed(reason: "signal \(signal)")
  }
}
