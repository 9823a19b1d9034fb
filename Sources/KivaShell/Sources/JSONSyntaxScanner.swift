import Foundation

/// A JSON syntax checker that keeps an explicit stack instead of recursing, so
/// deeply nested input cannot overflow the call stack.
public struct JSONSyntaxScanner {
  struct Failure {
    var offset: Int
    var reason: String
  }

  private enum Container {
    case object, array
  }

  /// How deeply arrays and objects may nest: the limit of `JSONDecoder` and of kivash's
  /// own decoder, so that input they refuse is reported here with its position.
  public static let maximumDepth = 512

  private let bytes: [UInt8]
  private var position = 0
  private var stack: [Container] = []

  private let maximumDepth: Int

  init(_ bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  /// Checks the whole document; returns the first failure, or nil.
  mutating func scanDocument() -> Failure? {
    skipWhitespace()
    if position >= bytes.count { return Failure(offset: position, reason: "the input is empty") }
    if let failure = scanValue() { return failure }
    skipWhitespace()
    if position < bytes.count {
      return Failure(
        offset: position, reason: "unexpected \(describeCurrent()) after the JSON value")
    }
    return nil
  }

  /// Line and column (in characters, not bytes) of a failure.
  func locate(_ failure: Failure) -> JSONSyntaxError {
    var line = 1
    var column = 1
    var index = 0
    let end = min(failure.offset, bytes.count)
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return JSONSyntaxError(line: line, column: column, reason: failure.reason)
  }

  // MARK: - Values

  private mutating func scanValue() -> Failure? {
    while true {
      skipWhitespace()
      guard position < bytes.count else {
        return Failure(offset: position, reason: "unexpected end of input, expected a value")
      }
      switch bytes[position] {
      case UInt8(ascii: "{"):
        if let failure = checkDepth() { return failure }
        position += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
          position += 1
        } else {
          stack.append(.object)
          if let failure = scanMemberKey() { return failure }
          continue
        }
      case UInt8(ascii: "["):
        if let failure = checkDepth() { return failure }
        position += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
          position += 1
        } else {
          stack.append(.array)
          continue
        }
      case UInt8(ascii: "\""):
        if let failure = scanString() { return failure }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if let failure = scanNumber() { return failure }
      case UInt8(ascii: "t"):
        if let failure = scanLiteral("true") { return failure }
      case UInt8(ascii: "f"):
        if let failure = scanLiteral("false") { return failure }
      case UInt8(ascii: "n"):
        if let failure = scanLiteral("null") { return failure }
      default:
        return Failure(
          offset: position,
          reason: JSONSyntaxHints.badValue(in: bytes, at: position, nested: !stack.isEmpty))
      }
      // A value ended: close containers or move to the next element.
      while let container = stack.last {
        skipWhitespace()
        let closing = container == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if current == UInt8(ascii: ",") {
          position += 1
          skipWhitespace()
          // One comma before the closing bracket, as Foundation's JSON reader allows
          // (`[1, 2,]`); `[1,,]` and `[,]` stay malformed.
          if current == closing {
            position += 1
            stack.removeLast()
            continue
          }
          if container == .object, let failure = scanMemberKey() { return failure }
          break
        } else if current == closing {
          position += 1
          stack.removeLast()
        } else {
          let what = container == .object ? "an object member" : "an array element"
          return Failure(
            offset: position,
            reason: "expected ',' or '\(Character(Unicode.Scalar(closing)))' after \(what), "
              + "found \(describeCurrent())")
        }
      }
      if stack.isEmpty { return nil }
    }
  }

  /// Fails when the bracket at `position` would nest deeper than the decoders read.
  private func checkDepth() -> Failure? {
    guard stack.count >= maximumDepth else { return nil }
    return Failure(
      offset: position,
      reason: "arrays and objects nest more than \(maximumDepth) deep here, "
        + "deeper than kivash's decoders read")
  }

  /// Scans `"key" :` inside an object.
  private mutating func scanMemberKey() -> Failure? {
    skipWhitespace()
    guard current == UInt8(ascii: "\"") else {
      return Failure(offset: position, reason: JSONSyntaxHints.badKey(in: bytes, at: position))
    }
    if let failure = scanString() { return failure }
    skipWhitespace()
    guard current == UInt8(ascii: ":") else {
      return Failure(
        offset: position, reason: "expected ':' after an object key, found \(describeCurrent())")
    }
    position += 1
    return nil
  }

  private mutating func scanString() -> Failure? {
    let start = position
    position += 1
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return nil
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { break }
        let escaped = bytes[position]
        if escaped == UInt8(ascii: "u") {
          for offset in 1...4 {
            guard position + offset < bytes.count, bytes[position + offset].isHexDigit else {
              return Failure(offset: position - 1, reason: "invalid \\u escape in a string")
            }
          }
          position += 5
        } else if Array(#""\/bfnrt"#.utf8).contains(escaped) {
          position += 1
        } else {
          return Failure(offset: position - 1, reason: "invalid escape in a string")
        }
      case 0..<0x20:
        return Failure(offset: position, reason: "control character in a string (escape it)")
      default:
        position += 1
      }
    }
    return Failure(offset: start, reason: "unterminated string")
  }

  private mutating func scanNumber() -> Failure? {
    let start = position
    if current == UInt8(ascii: "-") { position += 1 }
    if current == UInt8(ascii: "0") {
      position += 1  // A leading zero stands alone: "01" is two tokens.
    } else if scanDigits() == 0 {
      return Failure(offset: start, reason: "malformed number")
    }
    if current == UInt8(ascii: ".") {
      position += 1
      guard scanDigits() > 0 else { return Failure(offset: start, reason: "malformed number") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard scanDigits() > 0 else { return Failure(offset: start, reason: "malformed number") }
    }
    return nil
  }

  private mutating func scanDigits() -> Int {
    let start = position
    while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      position += 1
    }
    return position - start
  }

  /// Scans `true`, `false` or `null`; a word that is none of them (`tru`, `nil`) fails
  /// where it starts, quoted whole.
  private mutating func scanLiteral(_ literal: String) -> Failure? {
    let start = position
    for expected in literal.utf8 {
      guard current == expected else {
        return Failure(
          offset: start,
          reason: JSONSyntaxHints.badValue(in: bytes, at: start, nested: !stack.isEmpty))
      }
      position += 1
    }
    return nil
  }

  // MARK: - Bytes

  private var current: UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = current,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
    {
      position += 1
    }
  }

  private func describeCurrent() -> String {
    JSONSyntaxHints.describe(bytes, at: position)
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
