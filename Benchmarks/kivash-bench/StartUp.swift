import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Start-up time: a program spawned and waited for, again and again.
///
/// Spawned with posix_spawn and waitpid rather than Foundation's `Process`, whose
/// `waitUntilExit()` on Linux polls a run loop and would add tens of milliseconds.
enum StartUp {
  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  /// The release `kivash` built beside this benchmark, if there is one.
  static func kivashBesideThisProgram() -> String? {
    guard let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    else { return nil }
    let path = URL(fileURLWithPath: me).deletingLastPathComponent()
      .appendingPathComponent("kivash").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Wall times in milliseconds of `runs` spawns of each program, interleaved so that
  /// both see the same load; one spawn of each first, untimed, to warm the caches.
  /// Standard input, output and error are /dev/null; `environment` is added to this
  /// process's own.
  static func spawnTimes(
    of programs: [(path: String, arguments: [String])], runs: Int,
    environment: [String: String]
  ) throws -> [[Double]] {
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    let variables = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    var times = programs.map { _ in [Double]() }
    for round in 0...runs {
      for (index, program) in programs.enumerated() {
        let elapsed = try Measure.time {
          try spawnAndWait(program.path, [program.path] + program.arguments, variables)
        }
        if round > 0 { times[index].append(elapsed.milliseconds) }
      }
    }
    return times
  }

  /// Runs `path` with `arguments` (argv, from argv[0]) and waits for it to exit.
  private static func spawnAndWait(_ path: String, _ arguments: [String], _ environment: [String])
    throws
  {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

    var pid = pid_t()
    let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
    guard status == 0 else {
      throw SpawnError(description: "cannot run \(path): \(String(cString: strerror(status)))")
    }
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) == -1 && errno == EINTR {}
  }
}
