import Foundation

/// What `kivash-http` writes to its standard output, and how `HelperTransport` reads it
/// back: frames of a type byte, a little-endian 64-bit length and that many bytes.
///
/// - `p`: progress, two little-endian `Int64`s: bytes received, bytes expected (-1: not
///   known);
/// - `h`: the answer without its body (an `HTTPAnswer` with an empty body), as JSON;
/// - `b`: the answer's body;
/// - `e`: the failure, as JSON (`FetchError.Kind`).
///
/// A run ends with `h` and `b`, or with `e`.
public enum HTTPHelperFrames {
  public static let progress = UInt8(ascii: "p")
  public static let head = UInt8(ascii: "h")
  public static let body = UInt8(ascii: "b")
  public static let failure = UInt8(ascii: "e")

  /// One frame's bytes.
  public static func frame(_ type: UInt8, _ payload: Data) -> Data {
    var frame = Data([type])
    withUnsafeBytes(of: UInt64(payload.count).littleEndian) { frame.append(contentsOf: $0) }
    frame.append(payload)
    return frame
  }

  /// A progress frame's payload.
  public static func progressPayload(received: Int64, expected: Int64?) -> Data {
    var payload = Data()
    withUnsafeBytes(of: received.littleEndian) { payload.append(contentsOf: $0) }
    withUnsafeBytes(of: (expected ?? -1).littleEndian) { payload.append(contentsOf: $0) }
    return payload
  }

  /// Splits bytes read so far into frames, keeping an incomplete last one for later.
  public struct Reader {
    private var buffer = Data()

    public init() {}

    /// Adds `bytes` and returns the frames they complete, in order.
    public mutating func feed(_ bytes: Data) -> [(type: UInt8, payload: Data)] {
      buffer.append(bytes)
      var frames: [(type: UInt8, payload: Data)] = []
      var start = buffer.startIndex
      while buffer.endIndex - start >= 9 {
        var length: UInt64 = 0
        for offset in (1...8).reversed() {
          length = length << 8 | UInt64(buffer[start + offset])
        }
        guard length <= UInt64(buffer.endIndex - start - 9) else { break }
        let payloadStart = start + 9
        let payloadEnd = payloadStart + Int(length)
        frames.append((buffer[start], Data(buffer[payloadStart..<payloadEnd])))
        start = payloadEnd
      }
      // Only when frames were taken: a big body arrives in many reads, and copying what
      // has come so far on each of them would be quadratic.
      if start != buffer.startIndex { buffer = Data(buffer[start...]) }
      return frames
    }

    /// Whether bytes of an unfinished frame are left over.
    public var hasPartialFrame: Bool { !buffer.isEmpty }
  }

  /// The two numbers of a progress frame; nil when it is malformed.
  public static func progressValues(_ payload: Data) -> (received: Int64, expected: Int64?)? {
    guard payload.count == 16 else { return nil }
    var numbers: [Int64] = []
    for start in [payload.startIndex, payload.startIndex + 8] {
      var value: UInt64 = 0
      for offset in (0..<8).reversed() { value = value << 8 | UInt64(payload[start + offset]) }
      numbers.append(Int64(bitPattern: value))
    }
    return (numbers[0], numbers[1] < 0 ? nil : numbers[1])
  }
}
