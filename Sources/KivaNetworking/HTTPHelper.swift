import Foundation
import KivaShell

/// The `kivash-http` program: performs the one attempt its argument describes (an
/// `HTTPAttemptRequest` as JSON) and writes `HTTPHelperFrames` to standard output.
public enum HTTPHelper {
  /// Runs the helper; returns its exit status (2 for a bad argument).
  public static func main(arguments: [String]) -> Int32 {
    // Ctrl-C reaches the whole process group; the shell decides, and kills the helper.
    signal(SIGINT, SIG_IGN)
    // A shell gone before the answer is written: a failed write, not a killed helper
    // (libcurl, told not to touch signals, leaves SIGPIPE to the program).
    signal(SIGPIPE, SIG_IGN)
    guard arguments.count == 1,
      let request = try? JSONDecoder().decode(
        HTTPAttemptRequest.self, from: Data(arguments[0].utf8))
    else {
      FileHandle.standardError.write(
        Data("usage: kivash-http REQUEST-JSON (kivash runs it to fetch over the network)\n".utf8))
      return 2
    }
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
