extension JSONSyntaxError {
  /// The first number in `bytes` (JSON whose syntax is valid) too large for a `Double`
  /// (`1E400`), which JSON readers refuse, or — with `underflow` — so close to zero that
  /// it would read as 0 (`1e-400`), which `JSONDecoder` refuses for a `Double` only (an
  /// `Int` takes it as 0); nil when there is none. The bytes are read as `find` reads them.
  public static func numberOutOfRange(in bytes: some Collection<UInt8>, underflow: Bool = false)
    -> JSONSyntaxError?
  {
    let bytes = FastJSONEncoding.utf8Bytes(bytes)
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      else {
        index += 1
        continue
      }
      let start = index
      while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let value = Double(text) else { continue }
      let reason: String
      if value.isInfinite {
        reason =
          "the number \(text) is too large for any Swift number type "
          + "(Double goes up to about 1.8e308)"
      } else if underflow, value == 0, Self.hasNonZeroDigit(text) {
        reason =
          "the number \(text) is too close to zero for a Double (the smallest is about "
          + "5e-324): write 0"
      } else {
        continue
      }
      let scanner = JSONSyntaxScanner(bytes, maximumDepth: JSONSyntaxScanner.maximumDepth)
      return scanner.locate(.init(offset: start, reason: reason))
    }
    return nil
  }

  /// Whether the digits before a number's exponent are not all zero.
  private static func hasNonZeroDigit(_ text: String) -> Bool {
    text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
  }
}
