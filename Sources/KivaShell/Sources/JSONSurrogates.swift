extension JSONSyntaxError {
  /// The first `\u` escape in `bytes` (JSON whose syntax is valid) that is half of a
  /// UTF-16 surrogate pair without its other half, which JSON readers refuse when they
  /// read the string; nil when there is none. The bytes are read as `find` reads them.
  public static func unpairedSurrogate(in bytes: some Collection<UInt8>) -> JSONSyntaxError? {
    let bytes = FastJSONEncoding.utf8Bytes(bytes)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
        index += 1
        continue
      }
      guard bytes[index + 1] == UInt8(ascii: "u"), let unit = hexUnit(bytes, at: index + 2) else {
        index += 2  // any other escape: the escaped byte is not a backslash to look at
        continue
      }
      if UTF16.isLeadSurrogate(unit) {
        let next = index + 6
        if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"),
          bytes[next + 1] == UInt8(ascii: "u"), let trail = hexUnit(bytes, at: next + 2),
          UTF16.isTrailSurrogate(trail)
        {
          index = next + 6
          continue
        }
        return failure(bytes, at: index, unit, "without the second half after it")
      }
      if UTF16.isTrailSurrogate(unit) {
        return failure(bytes, at: index, unit, "without the first half before it")
      }
      index += 6
    }
    return nil
  }

  private static func failure(_ bytes: [UInt8], at offset: Int, _ unit: UInt16, _ what: String)
    -> JSONSyntaxError
  {
    let escape = "\\u" + String(unit, radix: 16, uppercase: false).leftPadded(to: 4)
    let scanner = JSONSyntaxScanner(bytes, maximumDepth: JSONSyntaxScanner.maximumDepth)
    return scanner.locate(
      .init(offset: offset, reason: "\(escape) is half of a UTF-16 surrogate pair, \(what)"))
  }

  private static func hexUnit(_ bytes: [UInt8], at index: Int) -> UInt16? {
    bytes.withUnsafeBufferPointer { FastJSONStrings.hexUnit($0, at: index) }
  }
}

extension String {
  /// This string with zeros before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
