/// Writes an encoded value as `JSONEncoder` prints it with `.sortedKeys`, compact or
/// pretty.
///
/// `JSONEncoder` sorts keys by their UTF-8 bytes (`"A" < "_" < "a"`, `"a10" < "a9"`,
/// `"country" < "country_code" < "countryx"`), not as `String.compare` with
/// `.numeric` would. For ASCII keys, `String`'s `<` is that order; a non-ASCII key (where `String` compares canonical equivalents equal) or a
/// repeated key (which `JSONEncoder` overwrites) is left to `JSONEncoder`.
///
/// Pretty-printed, a level is two spaces, a key is followed by `" : "`, and an empty
/// array or object is `[`, an empty line, and `]` indented to its level.
struct FastJSONTreeWriter {
  /// The scratch buffer that scalar ranges point into.
  let scalars: UnsafeBufferPointer<UInt8>
  /// Whether to pretty-print.
  let pretty: Bool

  /// Appends `value`, at `depth` levels of indentation (its first line not indented).
  mutating func write(_ value: FastJSONValue, depth: Int, to bytes: inout [UInt8]) throws {
    switch value {
    case .scalar(let range):
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scalars[range]))
    case .node(let node) where node.isArray:
      try writeArray(node, depth: depth, to: &bytes)
    case .node(let node):
      try writeObject(node, depth: depth, to: &bytes)
    }
  }

  private mutating func writeArray(_ node: FastJSONNode, depth: Int, to bytes: inout [UInt8])
    throws
  {
    bytes.append(UInt8(ascii: "["))
    for (index, element) in node.elements.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      if pretty { newLine(depth: depth + 1, to: &bytes) }
      try write(element, depth: depth + 1, to: &bytes)
    }
    close(UInt8(ascii: "]"), empty: node.elements.isEmpty, depth: depth, to: &bytes)
  }

  private mutating func writeObject(_ node: FastJSONNode, depth: Int, to bytes: inout [UInt8])
    throws
  {
    // Sorted in place: the tree is written once. (Remembering each key type's order
    // instead measured no faster.)
    node.members.sort { $0.key < $1.key }
    bytes.append(UInt8(ascii: "{"))
    var previousKey: String?
    for (index, member) in node.members.enumerated() {
      if member.key == previousKey { throw FastJSONUnsupported("the key \(member.key) twice") }
      previousKey = member.key
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      if pretty { newLine(depth: depth + 1, to: &bytes) }
      guard FastJSONText.appendQuoted(member.key, to: &bytes) else {
        throw FastJSONUnsupported("a non-ASCII key")
      }
      if pretty {
        bytes.append(contentsOf: " : ".utf8)
      } else {
        bytes.append(UInt8(ascii: ":"))
      }
      try write(member.value, depth: depth + 1, to: &bytes)
    }
    close(UInt8(ascii: "}"), empty: node.members.isEmpty, depth: depth, to: &bytes)
  }

  /// The closing bracket: pretty, on a line of its own (after an empty line if the
  /// container is empty).
  private func close(_ bracket: UInt8, empty: Bool, depth: Int, to bytes: inout [UInt8]) {
    if pretty {
      if empty { bytes.append(UInt8(ascii: "\n")) }
      newLine(depth: depth, to: &bytes)
    }
    bytes.append(bracket)
  }

  /// A line break and two spaces a level.
  private func newLine(depth: Int, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }
}
