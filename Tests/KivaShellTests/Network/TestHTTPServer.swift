import Dispatch
import Foundation
import KivaShell
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `scripts/test-http-server` running on 127.0.0.1 for one test: started in `init`,
/// stopped by `stop()` or when the object goes away. Nothing it serves leaves loopback.
final class TestHTTPServer {
  /// The repository's root, from this file's path.
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Network
    .deletingLastPathComponent()  // KivaShellTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The server script.
  static let script = repositoryRoot.appendingPathComponent("scripts/test-http-server")

  /// The port the server chose.
  let port: Int
  /// `http://127.0.0.1:PORT`.
  let baseURL: URL
  private let process: Process
  private let input: Pipe

  /// Starts the server and waits (up to `deadline` seconds, as a failsafe) for it to say
  /// which port it listens on.
  /// The self-signed certificate (for 127.0.0.1, valid to 2126) of a server started
  /// with `tls`, and its key.
  static let certificate = TestPaths.fixtures.appendingPathComponent("tls/test-server.pem")
  static let certificateKey = TestPaths.fixtures.appendingPathComponent("tls/test-server.key")

  /// Starts a server: HTTPS with `certificate` when `tls`, else plain HTTP.
  init(deadline: TimeInterval = 30, tls: Bool = false) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", Self.script.path, "--port", "0", "--fixtures", TestPaths.fixtures.path,
      ] + (tls ? ["--tls", Self.certificate.path, Self.certificateKey.path] : [])
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    self.input = input

    let firstLine = Mutex<String?>(nil)
    let lineRead = DispatchSemaphore(value: 0)
    let reader = output.fileHandleForReading
    Thread {
      var data = Data()
      while !data.contains(UInt8(ascii: "\n")) {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        data.append(chunk)
      }
      let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first
      firstLine.withLock { $0 = line.map(String.init) }
      lineRead.signal()
    }.start()

    let answered = lineRead.wait(timeout: .now() + deadline) == .success
    let line = firstLine.withLock { $0 } ?? ""
    guard answered, line.hasPrefix("listening on "),
      let port = Int(line.dropFirst("listening on ".count)),
      let baseURL = URL(string: "\(tls ? "https" : "http")://127.0.0.1:\(port)")
    else {
      Self.end(process, input: input)
      throw ServerError(problem: "the test server did not start: '\(line)'")
    }
    self.port = port
    self.baseURL = baseURL
  }

  deinit {
    stop()
  }

  /// Stops the server and waits for it to exit; afterwards its port refuses connections.
  func stop() {
    Self.end(process, input: input)
  }

  private static func end(_ process: Process, input: Pipe) {
    try? input.fileHandleForWriting.close()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// `path` (with its query) on this server.
  func url(_ path: String) -> URL {
    URL(string: baseURL.absoluteString + path) ?? baseURL
  }

  /// The Kiva-shaped pages.
  var newest: URL { url("/v1/loans/newest.json") }

  /// One request the server saw.
  struct SeenRequest: Decodable, Equatable {
    var path: String
    var query: String
    var ifNoneMatch: String?
    var ifModifiedSince: String?
    var status: Int

    enum CodingKeys: String, CodingKey {
      case path, query, status
      case ifNoneMatch = "if_none_match"
      case ifModifiedSince = "if_modified_since"
    }
  }

  /// Every request the server saw so far, in order (from its `/_requests` route).
  func requests() throws -> [SeenRequest] {
    var request = FetchRequest(url: url("/_requests"))
    request.cachePolicy = .noCache
    request.retries = 0
    let body = try HTTPClient(cache: nil).get(request)
    return try JSONDecoder().decode([SeenRequest].self, from: body.data)
  }

  struct ServerError: Error, CustomStringConvertible {
    var problem: String
    var description: String { problem }
  }
}

/// A port on 127.0.0.1 with nothing listening, for connection-refused tests: bound to
/// let the system pick it, then closed without listening.
enum FreePort {
  static func make() throws -> Int {
    let bound = try BoundSocket()
    close(bound.descriptor)
    return bound.port
  }
}

/// A TCP socket bound to a port of 127.0.0.1 the system picked.
struct BoundSocket {
  let descriptor: Int32
  let port: Int

  init() throws {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { throw TestHTTPServer.ServerError(problem: "socket() failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(socketFD, socketAddress, length) == 0
          && getsockname(socketFD, socketAddress, &length) == 0
      }
    }
    guard bound else {
      close(socketFD)
      throw TestHTTPServer.ServerError(problem: "bind() failed")
    }
    descriptor = socketFD
    port = Int(UInt16(bigEndian: address.sin_port))
  }
}

/// A server on 127.0.0.1 that takes one connection and never answers: `accept()` returns
/// once a client has connected, and `waitForClose()` once that client is gone. Each
/// waits `deadline` seconds at most (the socket's receive timeout) and then throws.
final class SilentServer {
  let port: Int
  private let listener: Int32
  private var connection: Int32 = -1

  init(deadline: Int = 60) throws {
    let bound = try BoundSocket()
    listener = bound.descriptor
    port = bound.port
    var timeout = timeval(tv_sec: deadline, tv_usec: 0)
    setsockopt(
      listener, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard listen(listener, 1) == 0 else {
      close(listener)
      throw TestHTTPServer.ServerError(problem: "listen() failed")
    }
  }

  deinit {
    if connection >= 0 { close(connection) }
    close(listener)
  }

  func accept() throws {
    connection = Glibc.accept(listener, nil, nil)
    guard connection >= 0 else {
      throw TestHTTPServer.ServerError(problem: "no client connected")
    }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(
      connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Reads (and drops) what the client sends until it closes the connection.
  func waitForClose() throws {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(connection, &buffer, buffer.count)
      if count == 0 { return }
      guard count > 0 else {
        throw TestHTTPServer.ServerError(problem: "the client stayed connected")
      }
    }
  }
}

/// A `sleep` for `HTTPClient` that records what it was asked for and returns at once.
final class SleepRecorder: Sendable {
  private let calls = Mutex<[TimeInterval]>([])

  /// The waits asked for so far.
  var recorded: [TimeInterval] { calls.withLock { $0 } }

  /// The closure to inject.
  var sleep: @Sendable (TimeInterval) -> Void {
    { [self] delay in calls.withLock { $0.append(delay) } }
  }
}

/// A fresh, empty cache folder under the temporary directory, removed by `remove()`.
struct TemporaryCache {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("kivash-http-cache-\(UUID().uuidString)", isDirectory: true)

  var cache: ResponseCache { ResponseCache(directory: directory) }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}
