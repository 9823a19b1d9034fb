import Foundation

/// A small stand-in for a JSON text too big to parse whole for an explanation: the same
/// top level, its arrays (the whole text's, or those right under its keys) cut to their
/// first elements, and other large values under its keys replaced by `null`. The records
/// of a dump of a million loans come down to a page of them, which says as much about
/// how they are wrapped and what they hold.
enum JSONSample {
  /// The text cut down so; nil when it is not an object or an array at the top, or its
  /// syntax is broken where the cut is made.
  static func cut(_ data: Data, elements: Int = 100, largestValue: Int = 1 << 20) -> Data? {
    data.withUnsafeBytes { buffer -> Data? in
      let bytes = buffer.bindMemory(to: UInt8.self)
      var scanner = Scanner(bytes: bytes)
      scanner.skipSpace()
      switch scanner.peek {
      case UInt8(ascii: "["):
        return scanner.firstElements(elements).map { Data($0) }
      case UInt8(ascii: "{"):
        scanner.position += 1
        var out: [UInt8] = [UInt8(ascii: "{")]
        while true {
          scanner.skipSpace()
          if scanner.peek == UInt8(ascii: "}") { break }
          guard let key = scanner.value(), scanner.expect(UInt8(ascii: ":")) else { return nil }
          scanner.skipSpace()
          let value: [UInt8]
          if scanner.peek == UInt8(ascii: "[") {
            guard let first = scanner.firstElements(elements) else { return nil }
            value = first
          } else {
            guard let whole = scanner.value() else { return nil }
            value = whole.count > largestValue ? Array("null".utf8) : Array(whole)
          }
          if out.count > 1 { out.append(UInt8(ascii: ",")) }
          out += key
          out.append(UInt8(ascii: ":"))
          out += value
          scanner.skipSpace()
          if scanner.peek == UInt8(ascii: ",") { scanner.position += 1 }
        }
        out.append(UInt8(ascii: "}"))
        return Data(out)
      default:
        return nil
      }
    }
  }

  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipSpace() {
      while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        position += 1
      }
    }

    mutating func expect(_ byte: UInt8) -> Bool {
      skipSpace()
      guard peek == byte else { return false }
      position += 1
      return true
    }

    /// The bytes of the value that starts here (after white space), and moves past it.
    mutating func value() -> ArraySlice<UInt8>? {
      skipSpace()
      let start = position
      var depth = 0
      while position < bytes.count {
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""):
          // To its closing quote, as the fast decoder's scanner reads strings.
          guard let base = bytes.baseAddress,
            let string = try? FastJSONStringScan.end(of: base, count: bytes.count, from: position)
          else { return nil }
          position = string.end + 1
          if depth == 0 { return slice(start) }
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if depth == 0 {
            // The end of the array or object holding a number or a literal.
            position -= 1
            return position > start ? slice(start) : nil
          }
          depth -= 1
          if depth == 0 { return slice(start) }
        case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
          if depth == 0 {
            position -= 1
            return position > start ? slice(start) : nil
          }
        default: break
        }
      }
      return depth == 0 && position > start ? slice(start) : nil
    }

    /// `[` and the first `count` elements of the array that starts here, then `]`; moves
    /// past the whole array.
    mutating func firstElements(_ count: Int) -> [UInt8]? {
      guard expect(UInt8(ascii: "[")) else { return nil }
      var out: [UInt8] = [UInt8(ascii: "[")]
      var taken = 0
      while true {
        skipSpace()
        if peek == UInt8(ascii: "]") {
          position += 1
          break
        }
        guard let element = value() else { return nil }
        if taken < count {
          if taken > 0 { out.append(UInt8(ascii: ",")) }
          out += element
          taken += 1
        }
        skipSpace()
        if peek == UInt8(ascii: ",") { position += 1 }
      }
      out.append(UInt8(ascii: "]"))
      return out
    }

    private func slice(_ start: Int) -> ArraySlice<UInt8> {
      ArraySlice(bytes[start..<position])
    }
  }
}
