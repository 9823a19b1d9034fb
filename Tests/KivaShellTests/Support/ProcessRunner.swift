import Foundation

/// Runs a program to its end with stdout and stderr merged: the one way the tests run
/// the binary, compiled programs and the compiler.
enum ProcessRunner {
  /// The merged output and the exit status of `executable` run with `arguments`.
  static func run(
    _ executable: URL, _ arguments: [String], input: String? = nil,
    directory: URL? = nil, environment: [String: String]? = nil
  ) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let inputPipe = Pipe()
    process.standardInput = inputPipe
    try process.run()
    inputPipe.fileHandleForWriting.write(Data((input ?? "").utf8))
    try inputPipe.fileHandleForWriting.close()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }
}
