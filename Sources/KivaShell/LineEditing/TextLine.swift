import Foundation

/// Turns the bytes of one line of a script, a pipe or `-c` into text, or into the error
/// that says why it is not text: a NUL byte, or bytes that are not UTF-8. A line is never
/// silently changed (no U+FFFD in place of what was there).
public enum TextLine {
  /// The line as text, without a trailing carriage return (CRLF line ends), or why it
  /// cannot be read.
  public static func decode(_ bytes: some Collection<UInt8>) -> Result<String, ShellError> {
    var bytes = Array(bytes)
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    var column = 1
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        if encoded.count == 1, encoded.first == 0 {
          return .failure(ShellError(.nulByte(text: shown(bytes), column: column)))
        }
        offset += encoded.count
        column += 1
      case .error:
        let error = ShellError.Kind.notUTF8(
          text: shown(bytes), column: column, byte: bytes[offset])
        return .failure(ShellError(error))
      case .emptyInput:
        return .success(String(decoding: bytes, as: UTF8.self))
      }
    }
  }

  /// A line of commands as text (see `decode(_:)`), or why it cannot be run: also a
  /// control character in it (see `controlCharacter(in:)`).
  public static func decodeCommands(_ bytes: some Collection<UInt8>) -> Result<String, ShellError> {
    decode(bytes).flatMap { text in
      if let error = controlCharacter(in: text) { return .failure(error) }
      return .success(text)
    }
  }

  /// The error for a line that holds a control character other than a tab (an escape
  /// sequence a paste carried, a carriage return in mid-line): printed back, it would
  /// drive the terminal, and no command takes one. Nil when there is none.
  public static func controlCharacter(in line: String) -> ShellError? {
    var column = 1
    for scalar in line.unicodeScalars {
      let value = scalar.value
      if (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) {
        return ShellError(
          .controlCharacter(text: visible(line), column: column, code: value))
      }
      column += 1
    }
    return nil
  }

  /// `line` with its control characters shown as escapes (`\e`, `\r`, `\x01`).
  static func visible(_ line: String) -> String {
    var text = ""
    for scalar in line.unicodeScalars {
      switch scalar.value {
      case 0x1B: text += "\\e"
      case 0x0D: text += "\\r"
      case 0x09: text += "\t"
      case let value where value < 0x20 || (0x7F...0x9F).contains(value):
        text += "\\x" + hex(UInt8(truncatingIfNeeded: value))
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// The line with what is not text made visible: `\0` for NUL, `\xE9` for a byte that is
  /// not part of valid UTF-8.
  static func shown(_ bytes: [UInt8]) -> String {
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        text += scalar == "\0" ? "\\0" : String(scalar)
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<(offset + length)] { text += "\\x" + hex(byte) }
        offset += length
      case .emptyInput:
        return text
      }
    }
  }

  /// `E9` for 233: a byte as two hexadecimal digits, as messages show bytes.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}
