import Foundation
import Glibc

/// A `kivash` process driven while it runs: stdin is fed as the pipe takes it, stdout and
/// stderr (merged) are read as they come, and every wait is poll() on the pipes until a
/// condition holds or a deadline passes, never a fixed sleep.
final class ShellProcess {
  let process = Process()
  /// Everything the shell printed so far.
  private(set) var output: [UInt8] = []
  /// Whether the shell's end of the output pipe is closed (it exited or was killed).
  private(set) var outputEnded = false
  private let outputFile: FileHandle
  private let inputFile: FileHandle?
  private var pendingInput: [UInt8] = []
  private var inputClosed = false

  /// Starts kivash with `arguments` and, over the test's environment, `NO_COLOR=1`,
  /// `KIVASH_HISTORY=""` and `environment`. Without `takesInput`, stdin is /dev/null.
  init(_ arguments: [String], environment: [String: String], takesInput: Bool = false) throws {
    // Writing to a shell that died must fail with EPIPE, not end the test process.
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = TestPaths.kivashBinary
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    merged["NO_COLOR"] = "1"
    merged["KIVASH_HISTORY"] = ""
    merged.merge(environment) { $1 }
    process.environment = merged
    let outputPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = outputPipe
    outputFile = outputPipe.fileHandleForReading
    if takesInput {
      let inputPipe = Pipe()
      process.standardInput = inputPipe
      inputFile = inputPipe.fileHandleForWriting
      let descriptor = inputPipe.fileHandleForWriting.fileDescriptor
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    } else {
      process.standardInput = FileHandle.nullDevice
      inputFile = nil
    }
    try process.run()
  }

  /// The output so far as text.
  var text: String { String(decoding: output, as: UTF8.self) }

  /// The output's lines so far.
  var lines: [String] { text.split(separator: "\n").map(String.init) }

  /// Queues `text` for the shell's stdin; it is written while `pump` waits.
  func send(_ text: String) {
    pendingInput.append(contentsOf: Array(text.utf8))
  }

  /// Sends SIGKILL: the shell gets no chance to finish what it was doing.
  func killNow() {
    kill(process.processIdentifier, SIGKILL)
  }

  /// Feeds and reads `shells` until `condition` holds (true) or `deadline` passes or
  /// there is nothing left to wait for (false unless `condition` holds then).
  static func pump(
    _ shells: [ShellProcess], until condition: () -> Bool,
    deadline: ContinuousClock.Instant
  ) -> Bool {
    while !condition() {
      var descriptors: [pollfd] = []
      var owners: [(shell: ShellProcess, isInput: Bool)] = []
      for shell in shells {
        if !shell.outputEnded {
          descriptors.append(
            pollfd(fd: shell.outputFile.fileDescriptor, events: Int16(POLLIN), revents: 0))
          owners.append((shell, false))
        }
        if let input = shell.inputFile, !shell.inputClosed, !shell.pendingInput.isEmpty {
          descriptors.append(pollfd(fd: input.fileDescriptor, events: Int16(POLLOUT), revents: 0))
          owners.append((shell, true))
        }
      }
      let remaining = deadline - ContinuousClock.now
      guard !descriptors.isEmpty, remaining > .zero else { return condition() }
      let milliseconds = Int32(min(Double(Int32.max), (remaining / .milliseconds(1)).rounded(.up)))
      guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) >= 0 || errno == EINTR
      else { return condition() }
      for (descriptor, owner) in zip(descriptors, owners) where descriptor.revents != 0 {
        if owner.isInput { owner.shell.writePending() } else { owner.shell.readAvailable() }
      }
    }
    return true
  }

  /// Reads until the shell's output ends (it exited or was killed), then reaps it;
  /// false if that takes past `deadline`.
  func finish(deadline: ContinuousClock.Instant) -> Bool {
    closeInput()
    guard Self.pump([self], until: { outputEnded }, deadline: deadline) else { return false }
    process.waitUntilExit()
    return true
  }

  /// Closes the shell's stdin, dropping anything still queued.
  func closeInput() {
    pendingInput.removeAll()
    guard let inputFile, !inputClosed else { return }
    inputClosed = true
    try? inputFile.close()
  }

  private func readAvailable() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes {
      read(outputFile.fileDescriptor, $0.baseAddress, $0.count)
    }
    if count > 0 {
      output.append(contentsOf: buffer.prefix(count))
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      outputEnded = true
    }
  }

  private func writePending() {
    guard let inputFile else { return }
    let count = pendingInput.withUnsafeBytes {
      write(inputFile.fileDescriptor, $0.baseAddress, $0.count)
    }
    if count > 0 {
      pendingInput.removeFirst(count)
    } else if count < 0 && errno != EAGAIN && errno != EINTR {
      closeInput()  // the shell is gone (EPIPE): nothing more can be written
    }
  }
}
