import Foundation
import Testing

@testable import KivaShell

/// The `kivash-http` helper that performs each attempt: its frames, its absence, its
/// failures, and the shell's start without libcurl.
@Suite("Network helper process: frames, a missing or failing helper")
struct NetworkHelperProcessTests {
  private static let request = attempt(port: 9)

  private static func attempt(port: Int) -> HTTPAttemptRequest {
    HTTPAttemptRequest(
      url: URL(string: "http://127.0.0.1:\(port)/x.json") ?? URL(fileURLWithPath: "/"),
      headers: ["Accept": "application/json"], timeout: 5, maxBodyBytes: 1 << 20,
      maxRedirects: 5, attempt: 1)
  }

  private static var helper: URL {
    TestPaths.kivashBinary.deletingLastPathComponent().appendingPathComponent("kivash-http")
  }

  @Test("frames come out whole however the bytes are split")
  func framesSplitAnywhere() throws {
    let head = try JSONEncoder().encode(
      HTTPAnswer(
        status: 200, headers: ["etag": "\"v1\""], body: Data(), finalURL: Self.request.url))
    let stream =
      HTTPHelperFrames.frame(
        HTTPHelperFrames.progress, HTTPHelperFrames.progressPayload(received: 3, expected: nil))
      + HTTPHelperFrames.frame(HTTPHelperFrames.head, head)
      + HTTPHelperFrames.frame(HTTPHelperFrames.body, Data("[1,2,3]".utf8))
      + HTTPHelperFrames.frame(HTTPHelperFrames.body, Data())
    for split in 0...stream.count {
      var reader = HTTPHelperFrames.Reader()
      let frames =
        reader.feed(Data(stream.prefix(split))) + reader.feed(Data(stream.dropFirst(split)))
      #expect(
        frames.map(\.type) == [
          UInt8(ascii: "p"), UInt8(ascii: "h"), UInt8(ascii: "b"), UInt8(ascii: "b"),
        ])
      #expect(frames[2].payload == Data("[1,2,3]".utf8))
      #expect(frames[3].payload.isEmpty)
      #expect(!reader.hasPartialFrame)
    }
    var reader = HTTPHelperFrames.Reader()
    let progress = try #require(reader.feed(stream).first)
    let small = try #require(HTTPHelperFrames.progressValues(progress.payload))
    #expect(small.received == 3 && small.expected == nil)
    let large = try #require(
      HTTPHelperFrames.progressValues(
        HTTPHelperFrames.progressPayload(received: 1 << 40, expected: 5 << 40)))
    #expect(large.received == 1 << 40 && large.expected == 5 << 40)
    #expect(HTTPHelperFrames.progressValues(Data([1, 2])) == nil)
  }

  @Test("a large body arriving in many small reads comes out whole")
  func largeBodyInPieces() {
    let body = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let stream = HTTPHelperFrames.frame(HTTPHelperFrames.body, body)
    var reader = HTTPHelperFrames.Reader()
    var frames: [(type: UInt8, payload: Data)] = []
    var offset = 0
    while offset < stream.count {
      let end = min(offset + 4096, stream.count)
      frames += reader.feed(stream.subdata(in: offset..<end))
      offset = end
    }
    #expect(frames.count == 1)
    #expect(frames.first?.payload == body)
    #expect(!reader.hasPartialFrame)
  }

  /// The failure of one attempt through the helper at `executable`.
  private static func failure(running executable: URL) throws -> FetchError {
    let result = HelperTransport(executable: executable).attempt(
      request, progress: { _ in }, isCancelled: { false })
    guard case .failure(let error) = result else {
      throw ExpectedFailure(result: "\(result)")
    }
    return error
  }

  private struct ExpectedFailure: Error {
    var result: String
  }

  @Test("a missing helper is one line that says how to get it")
  func missingHelper() throws {
    let error = try Self.failure(running: URL(fileURLWithPath: "/nonexistent/kivash-http"))
    #expect(
      error.message
        == "fetching 'http://127.0.0.1:9/x.json' failed: the network helper '/nonexistent/kivash-http' is missing; build it beside kivash (swift build) or set KIVASH_HTTP_HELPER"
    )
    #expect(!error.isRetryable)
  }

  @Test("KIVASH_HTTP_HELPER names the helper; else it is the one beside the program")
  func locate() {
    #expect(
      HelperTransport(environment: ["KIVASH_HTTP_HELPER": "/opt/h"]).executable?.path == "/opt/h")
    #expect(HelperTransport(environment: [:]).executable?.lastPathComponent == "kivash-http")
  }

  @Test("a helper that ends without an answer is an error, not a hang")
  func helperWithoutAnswer() throws {
    let error = try Self.failure(running: URL(fileURLWithPath: "/bin/true"))
    #expect(
      error.message
        == "fetching 'http://127.0.0.1:9/x.json' failed: the network helper kivash-http stopped without an answer (exit status 0)"
    )
  }

  @Test("a helper killed by a signal says so")
  func helperKilled() throws {
    let folder = try TemporaryDirectory()
    let script = folder.file("kivash-http")
    try Data("#!/bin/sh\nkill -9 $$\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let error = try Self.failure(running: script)
    #expect(
      error.message
        == "fetching 'http://127.0.0.1:9/x.json' failed: the network helper kivash-http stopped without an answer (killed by signal 9)"
    )
  }

  /// Ctrl-C signals the terminal's whole foreground group; a helper still starting up
  /// (before it ignores SIGINT) dies of it, perhaps before the shell's own poll hears it,
  /// and several pages at once may all end so. Reported as a cancelled fetch, not as a
  /// broken helper.
  @Test("a helper that SIGINT ended was cancelled")
  func helperInterrupted() throws {
    let folder = try TemporaryDirectory()
    let script = folder.file("kivash-http")
    // Unblocked and at its default first: the test runner may block or ignore it.
    let program = """
      #!/usr/bin/env python3
      import os, signal
      signal.signal(signal.SIGINT, signal.SIG_DFL)
      signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
      os.kill(os.getpid(), signal.SIGINT)

      """
    try Data(program.utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let error = try Self.failure(running: script)
    #expect(error.kind == .cancelled)
    #expect(error.message == "fetch cancelled")
  }

  @Test("the helper refuses arguments or a bad request with its usage and status 2")
  func helperUsage() throws {
    let cases: [([String], String)] = [([], ""), ([], "{not json"), (["{}"], "{}")]
    for (arguments, input) in cases {
      let (output, status) = try ProcessRunner.run(Self.helper, arguments, input: input)
      #expect(status == 2)
      #expect(
        output == "usage: kivash-http < REQUEST-JSON (kivash runs it to fetch over the network)\n")
    }
  }

  @Test("the helper reports a refused connection as a failure frame")
  func helperFailureFrame() throws {
    let port = try FreePort.make()
    var attempt = Self.attempt(port: port)
    // Longer than one argument may be: the request comes on standard input.
    attempt.url = try #require(
      URL(string: "http://127.0.0.1:\(port)/x.json?q=" + String(repeating: "k", count: 200_000)))
    let json = String(decoding: try JSONEncoder().encode(attempt), as: UTF8.self)
    let (output, status) = try ProcessRunner.run(Self.helper, [], input: json)
    #expect(status == 0)
    var reader = HTTPHelperFrames.Reader()
    let frames = reader.feed(Data(output.utf8))
    #expect(frames.map(\.type) == [HTTPHelperFrames.failure])
    let kind = try JSONDecoder().decode(FetchError.Kind.self, from: frames[0].payload)
    #expect(kind == .connectionRefused(host: "127.0.0.1:\(port)"))
  }

  @Test("a helper whose shell was killed ends too, instead of holding the connection")
  func helperEndsWithShell() throws {
    let server = try SilentServer()
    var attempt = Self.attempt(port: server.port)
    attempt.timeout = 600
    let json = String(decoding: try JSONEncoder().encode(attempt), as: UTF8.self)
    // A stand-in for the shell: starts the helper, hands it the request, waits.
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    shell.arguments = [
      "python3", "-c",
      """
      import subprocess, sys
      helper = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
      helper.stdin.write(sys.argv[2].encode())
      helper.stdin.close()
      sys.stdin.read()
      """,
      Self.helper.path, json,
    ]
    let input = Pipe()
    shell.standardInput = input
    try shell.run()
    defer { try? input.fileHandleForWriting.close() }
    try server.accept()
    kill(shell.processIdentifier, SIGKILL)
    shell.waitUntilExit()
    // Without the helper ending with its shell, it would wait out its 600 s timeout.
    try server.waitForClose()
  }

  @Test("the shell itself does not load libcurl (the helper does)")
  func shellWithoutLibcurl() throws {
    let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
    let shell = try ProcessRunner.run(ldd, [TestPaths.kivashBinary.path]).output
    let helper = try ProcessRunner.run(ldd, [Self.helper.path]).output
    #expect(shell.contains("libedit"))
    #expect(!shell.contains("libcurl"))
    #expect(helper.contains("libcurl"))
  }
}
