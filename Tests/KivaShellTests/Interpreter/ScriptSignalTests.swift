import Dispatch
import Foundation
import Glibc
import Testing

/// SIGINT and SIGTERM while a script's `fetch` is reading: the script stops at once with
/// 130 or 143 and runs nothing after. The fetch reads a FIFO, so the test knows the
/// fetch has begun when its own open of the FIFO returns — no timing involved.
@Suite("signals during a script's fetch", .serialized)
struct ScriptSignalTests {
  static func stopDuringFetch(with signal: Int32) throws -> (status: Int32, output: String) {
    let directory = try TemporaryDirectory()
    let folder = directory.url
    let fifo = folder.appendingPathComponent("loans.json").path
    guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(.EIO) }

    let process = Process()
    // SIGINT at its default: a test run started in the background (`scripts/test &`)
    // ignores it, and kivash, as shells do, leaves an ignored SIGINT ignored.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "--default-signal=INT", TestPaths.kivashBinary.path, "--no-persist", "-c",
      "fetch \(fifo); count",
    ]
    process.environment = BinaryRun.environment(dataDirectory: folder)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // Returns once kivash has opened the FIFO to read it: the fetch is under way.
    let writer = open(fifo, O_WRONLY)
    defer { if writer >= 0 { close(writer) } }
    _ = #"{"loans":["#.withCString { write(writer, $0, strlen($0)) }
    kill(process.processIdentifier, signal)
    // A signal that does not stop kivash must fail the test, not hang the suite.
    if exited.wait(timeout: .now() + 30) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      Issue.record("kivash did not stop within 30 s of signal \(signal)")
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, output)
  }

  /// Sends `signal` to kivash while it waits for the next command on a pipe (after the
  /// first has run: its output has arrived); returns the exit status.
  static func stopWhileReadingCommands(with signal: Int32) throws -> Int32 {
    let directory = try TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--default-signal=INT", TestPaths.kivashBinary.path, "--no-persist"]
    process.environment = BinaryRun.environment(dataDirectory: directory.url)
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    defer { try? input.fileHandleForWriting.close() }
    try input.fileHandleForWriting.write(contentsOf: Data("count\n".utf8))
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("20 loans\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += chunk
    }
    kill(process.processIdentifier, signal)
    if exited.wait(timeout: .now() + 30) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      Issue.record("kivash did not stop within 30 s of signal \(signal)")
    }
    return process.terminationStatus
  }

  @Test("a signal while commands are read from a pipe: 130 or 143, not a clean end")
  func signalWhileReadingAPipe() throws {
    #expect(try Self.stopWhileReadingCommands(with: SIGINT) == 130)
    #expect(try Self.stopWhileReadingCommands(with: SIGTERM) == 143)
  }

  @Test("SIGINT: status 130, nothing after the fetch runs")
  func interrupt() throws {
    let (status, output) = try Self.stopDuringFetch(with: SIGINT)
    #expect(status == 130)
    #expect(!output.contains("loans\n"), "\(output)")
  }

  @Test("SIGTERM: status 143, nothing after the fetch runs")
  func terminate() throws {
    let (status, output) = try Self.stopDuringFetch(with: SIGTERM)
    #expect(status == 143)
    #expect(!output.contains("loans\n"), "\(output)")
  }
}
