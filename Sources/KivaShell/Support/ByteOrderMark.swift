/// UTF-8's byte order mark, which some editors write before a file's text. Every reader in
/// kivash skips it: scripts, JSON files, a server's answer.
enum ByteOrderMark {
  /// The mark's three bytes.
  static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// `bytes` past the mark they may start with.
  static func dropped<Bytes: Collection<UInt8>>(from bytes: Bytes) -> Bytes.SubSequence {
    bytes.starts(with: utf8) ? bytes.dropFirst(utf8.count) : bytes[...]
  }
}
