import CCurlShim
import Foundation
import KivaShell

/// The `kivash-http` program: performs the one attempt its standard input describes (an
/// `HTTPAttemptRequest` as JSON) and writes `HTTPHelperFrames` to standard output.
///
/// The request comes on standard input, not as an argument: any user can read another's
/// arguments (`ps`), and a URL's password with them, and one argument holds 128 KB at most.
public enum HTTPHelper {
  /// The line a wrong use prints.
  public static let usage =
    "usage: kivash-http < REQUEST-JSON (kivash runs it to fetch over the network)\n"

  /// Runs the helper; returns its exit status (2 for arguments or a bad request).
  public static func main(arguments: [String]) -> Int32 {
    // A shell that is killed (SIGKILL, or a hang-up it does not stay to clean up after)
    // takes its helper with it, instead of leaving it holding the connection.
    let parent = getppid()
    _ = kivash_die_with_parent()
    // The shell already gone (before the line above): nothing to do for anyone.
    if getppid() != parent { return 1 }
    // A shell gone before the answer is written: a failed write, not a killed helper
    // (libcurl, told not to touch signals, leaves SIGPIPE to the program).
    signal(SIGPIPE, SIG_IGN)
    guard arguments.isEmpty,
      let input = try? FileHandle.standardInput.readToEnd(),
      let request = try? JSONDecoder().decode(HTTPAttemptRequest.self, from: input)
    else {
      FileHandle.standardError.write(Data(usage.utf8))
      return 2
    }
    // Ctrl-C reaches the whole process group; the shell decides, and kills the helper.
    // (Ignored only now: run by hand and waiting for its request, Ctrl-C stops it.)
    signal(SIGINT, SIG_IGN)
    let output = FrameOutput()
    let result = CurlTransport().attempt(
      request,
      progress: { report in
        output.write(
          HTTPHelperFrames.progress,
          HTTPHelperFrames.progressPayload(
            received: report.bytesReceived, expected: report.bytesExpected))
      },
      isCancelled: { false })
    switch result {
    case .success(let answer):
      var head = answer
      head.body = Data()
      output.write(HTTPHelperFrames.head, (try? JSONEncoder().encode(head)) ?? Data())
      output.write(HTTPHelperFrames.body, answer.body)
    case .failure(let error):
      output.write(HTTPHelperFrames.failure, (try? JSONEncoder().encode(error.kind)) ?? Data())
    }
    return 0
  }
}

/// Standard output, one whole frame at a time (progress comes from libcurl's callbacks).
private final class FrameOutput: Sendable {
  private let lock = Locked(())

  func write(_ type: UInt8, _ payload: Data) {
    let frame = HTTPHelperFrames.frame(type, payload)
    lock.withLock { _ in
      try? FileHandle.standardOutput.write(contentsOf: frame)
    }
  }
}
