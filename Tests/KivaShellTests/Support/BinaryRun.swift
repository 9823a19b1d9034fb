import Foundation

/// The result of running the real `kivash` binary with stdout and stderr merged.
struct BinaryRun {
  var output: String
  var status: Int32

  /// Runs kivash with `arguments` in `directory`, feeding `input` on stdin.
  static func run(
    _ arguments: [String], input: String = "", in directory: URL? = nil,
    environment extra: [String: String] = [:]
  ) throws -> BinaryRun {
    try withDataDirectory { dataDirectory in
      try ProcessRunner.run(
        TestPaths.kivashBinary, arguments, input: input, directory: directory,
        environment: environment(dataDirectory: dataDirectory).merging(extra) { $1 })
    }
  }

  /// Runs `script` with `/bin/sh` in `directory`, `$0` naming the kivash binary: for what
  /// `Process` cannot do, such as arguments that are not UTF-8 or stdin from a file.
  static func shell(_ script: String, in directory: URL? = nil) throws -> BinaryRun {
    try withDataDirectory { dataDirectory in
      try ProcessRunner.run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script, TestPaths.kivashBinary.path],
        directory: directory, environment: environment(dataDirectory: dataDirectory))
    }
  }

  /// The test's environment with colour and history off, `dataDirectory` for the data,
  /// and `dataDirectory/config` for the configuration (the init script).
  static func environment(dataDirectory: URL) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["KIVASH_HISTORY"] = ""
    environment["KIVASH_DATA_DIR"] = dataDirectory.path
    // No init script but the test's own.
    environment["XDG_CONFIG_HOME"] = dataDirectory.appendingPathComponent("config").path
    return environment
  }

  /// Runs `body` with a fresh data directory, removed afterwards.
  private static func withDataDirectory(
    _ body: (URL) throws -> (output: String, status: Int32)
  ) throws -> BinaryRun {
    let dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-data-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    let (output, status) = try body(dataDirectory)
    return BinaryRun(output: output, status: status)
  }
}
