import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Long output at a terminal goes through a pager, as git and psql do: `$PAGER`, or
/// `less -FRX` (which quits at once when the text fits, keeps colours and leaves the
/// text on screen) when `PAGER` is unset; `PAGER=` (empty) turns paging off.
public enum Pager {
  /// The pager command for `environment`; nil for none (or when it is not installed).
  public static func command(environment: [String: String]) -> String? {
    let command = environment["PAGER"] ?? "less -FRX"
    let program = command.split(separator: " ").first.map(String.init) ?? ""
    guard !program.isEmpty, isInstalled(program, path: environment["PATH"] ?? "/usr/bin:/bin")
    else { return nil }
    return command
  }

  private static func isInstalled(_ program: String, path: String) -> Bool {
    if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
    return path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
  }

  /// Shows `text` through `command` (run by `/bin/sh`) and waits until the pager quits;
  /// false when it could not be started.
  static func show(_ text: String, command: String) -> Bool {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return false }
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
      return false
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
    var exitStatus: Int32 = 0
    while waitpid(processID, &exitStatus, 0) == -1 && errno == EINTR {}
    return true
  }
}
