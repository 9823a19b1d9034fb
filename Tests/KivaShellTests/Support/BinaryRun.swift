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
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["KIVASH_HISTORY"] = ""
    // A fresh data directory for each run, unless the test brings its own.
    let dataDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-data-\(UUID().uuidString)")
    environment["KIVASH_DATA_DIR"] = dataDirectory.path
    defer { try? FileManager.default.removeItem(at: dataDirectory) }
    environment.merge(extra) { $1 }
    let (output, status) = try ProcessRunner.run(
      TestPaths.kivashBinary, arguments, input: input, directory: directory,
      environment: environment)
    return BinaryRun(output: output, status: status)
  }
}
