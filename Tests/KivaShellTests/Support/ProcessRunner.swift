import Dispatch
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to its end with stdout and stderr merged: the one way the tests run
/// the binary, compiled programs and the compiler.
enum ProcessRunner {
  /// How long a program may run before it is killed and its test fails: far more than
  /// any run takes, even the compiler's under a sanitizer, so that a program that hangs
  /// fails its test instead of hanging the whole suite.
  static let deadlineSeconds = 600

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
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // Read on a thread of its own, so that this one can keep the deadline.
    let output = Mutex(Data())
    let outputEnded = DispatchSemaphore(value: 0)
    let reader = pipe.fileHandleForReading
    Thread {
      let data = reader.readDataToEndOfFile()
      output.withLock { $0 = data }
      outputEnded.signal()
    }.start()
    inputPipe.fileHandleForWriting.write(Data((input ?? "").utf8))
    try inputPipe.fileHandleForWriting.close()
    if exited.wait(timeout: .now() + .seconds(deadlineSeconds)) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
      let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
      Issue.record(
        Comment(rawValue: "'\(command)' did not finish within \(deadlineSeconds) s; killed"))
    }
    // The output ends when the last process holding the pipe (a child it started) ends.
    _ = outputEnded.wait(timeout: .now() + .seconds(deadlineSeconds))
    let data = output.withLock { $0 }
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }
}
