import Glibc

/// A NUL-terminated wide-character string (UTF-32 on Linux) at a stable address, for
/// libedit, which sometimes keeps the pointer; freed when the object goes.
final class WideCString {
  let pointer: UnsafeMutablePointer<wchar_t>

  init(_ text: String) {
    // A NUL would end the string early in C; drop any.
    let scalars = text.unicodeScalars.filter { $0.value != 0 }
    pointer = UnsafeMutablePointer<wchar_t>.allocate(capacity: scalars.count + 1)
    for (index, scalar) in scalars.enumerated() {
      (pointer + index).initialize(to: wchar_t(bitPattern: scalar.value))
    }
    (pointer + scalars.count).initialize(to: 0)
  }

  deinit {
    pointer.deallocate()
  }
}

extension String {
  /// Calls `body` with the text as a NUL-terminated wide string, valid only during the call.
  func withWideCString<Result>(_ body: (UnsafePointer<wchar_t>) -> Result) -> Result {
    var characters = unicodeScalars.filter { $0.value != 0 }.map { wchar_t(bitPattern: $0.value) }
    characters.append(0)
    return body(characters)
  }

  /// Decodes `count` wide characters; an invalid one becomes U+FFFD.
  init(wide characters: UnsafePointer<wchar_t>, count: Int) {
    var scalars = String.UnicodeScalarView()
    for index in 0..<Swift.max(0, count) {
      let value = UInt32(bitPattern: characters[index])
      scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    self.init(scalars)
  }
}

/// Prompts may hold terminal escape sequences (colors); libedit must not count them as
/// printed characters, so they are enclosed in a marker it skips (EL_PROMPT_ESC).
enum PromptText {
  static let escapeMarker: wchar_t = 1

  /// Encloses every CSI (ESC [ ... final byte) and OSC (ESC ] ... BEL or ESC \) sequence
  /// in the marker character; drops marker characters already there.
  static func markingEscapes(_ prompt: String) -> String {
    let marker = Unicode.Scalar(UInt8(escapeMarker))
    let escape: Unicode.Scalar = "\u{1B}"
    var result = String.UnicodeScalarView()
    var scalars = prompt.unicodeScalars.filter { $0 != marker }[...]
    while let scalar = scalars.popFirst() {
      guard scalar == escape, let kind = scalars.first, kind == "[" || kind == "]" else {
        result.append(scalar)
        continue
      }
      var sequence = String.UnicodeScalarView([escape])
      while let next = scalars.popFirst() {
        sequence.append(next)
        if sequence.count > 2 && isEnd(of: sequence, kind: kind) { break }
      }
      result.append(marker)
      result.append(contentsOf: sequence)
      result.append(marker)
    }
    return String(result)
  }

  private static func isEnd(of sequence: String.UnicodeScalarView, kind: Unicode.Scalar) -> Bool {
    guard let last = sequence.last else { return false }
    if kind == "[" { return (0x40...0x7E).contains(last.value) }
    if last == "\u{07}" { return true }
    let tail = Array(sequence.suffix(2))
    return tail == ["\u{1B}", "\\"]
  }
}
