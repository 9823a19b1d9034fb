/// The coding key of an array element in a coding path, as `JSONDecoder` names it:
/// `stringValue` "Index 3", `intValue` 3.
struct FastJSONIndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

/// A coding key that is only a string: `super` for `superDecoder()`, and the keys of a
/// `[String: …]` decoded under a key strategy.
struct FastJSONStringKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }

  static let superKey = FastJSONStringKey("super")
}

/// A key a container added to the path of the value it was made from, with
/// `nestedContainer(…)` (which has no scope to pop a frame at), kept in its decoder's
/// `pathNodes` rather than allocated: a node made while a frame is decoded is dropped when
/// the frame ends, and `serial` tells a container kept past that (whose path then loses
/// those keys) from the node now in its place.
struct FastJSONPathNode {
  var parent: Int32
  var parentSerial: UInt32
  var key: any CodingKey
  var serial: UInt32
}

/// A coding path kept cheaply until an error needs it: the path of decoder frame
/// `frame`, then the keys of node `node` (in the decoder's `pathNodes`; -1: none) and its
/// parents, then the array index `index` (-1: none). Serials tell a frame or node that
/// has ended (a container used after its value was decoded) from the one it was. Decoding
/// a nested value pushes a frame instead of building an array, and only containers
/// nested by key or index add a node.
struct FastJSONPath {
  var frame: Int32
  var frameSerial: UInt32
  var index: Int32 = -1
  var node: Int32 = -1
  var nodeSerial: UInt32 = 0
}

/// A value being decoded: its path is its parent's path and `leaf`.
struct FastJSONFrame {
  var parent: FastJSONPath
  var leaf: (any CodingKey)?
  var serial: UInt32
  /// The decoder's value before this frame, restored when it ends.
  var savedValue: UInt32
  /// How many path nodes there were when it began; those made since go when it ends.
  var nodeMark: Int = 0
}

extension FastJSONValueDecoder {
  /// `path` with `key` appended.
  func extend(_ path: FastJSONPath, with key: any CodingKey) -> FastJSONPath {
    addNode(key, after: withIndexInNode(path))
  }

  /// `path` with the array index `index` appended.
  func extend(_ path: FastJSONPath, withIndex index: Int) -> FastJSONPath {
    guard let small = Int32(exactly: index) else {
      return extend(path, with: FastJSONIndexKey(index: index))
    }
    var result = withIndexInNode(path)
    result.index = small
    return result
  }

  /// `path`, with its index moved into a node of its own if it has one.
  private func withIndexInNode(_ path: FastJSONPath) -> FastJSONPath {
    guard path.index >= 0 else { return path }
    var result = addNode(FastJSONIndexKey(index: Int(path.index)), after: path)
    result.index = -1
    return result
  }

  /// `path` ending in a new node for `key`.
  private func addNode(_ key: any CodingKey, after path: FastJSONPath) -> FastJSONPath {
    let serial = takeSerial()
    pathNodes.append(
      FastJSONPathNode(parent: path.node, parentSerial: path.nodeSerial, key: key, serial: serial))
    var result = path
    result.node = Int32(truncatingIfNeeded: pathNodes.count - 1)
    result.nodeSerial = serial
    return result
  }

  /// The keys of `path`, for an error or for `codingPath`.
  func codingPath(_ path: FastJSONPath) -> [any CodingKey] {
    // Collect the keys innermost first, then reverse.
    var reversed: [any CodingKey] = []
    var current = path
    while true {
      if current.index >= 0 { reversed.append(FastJSONIndexKey(index: Int(current.index))) }
      var node = Int(current.node)
      var serial = current.nodeSerial
      // A node that has gone (its frame ended) ends the walk: a kept container loses it.
      while node >= 0, node < pathNodes.count, pathNodes[node].serial == serial {
        reversed.append(pathNodes[node].key)
        serial = pathNodes[node].parentSerial
        node = Int(pathNodes[node].parent)
      }
      let frame = Int(current.frame)
      // A container used after the value it came from was decoded has lost the frame
      // its path started from; it keeps the keys it still has.
      guard frame < frames.count, frames[frame].serial == current.frameSerial else {
        return reversed.reversed()
      }
      if frame == 0 { return rootPath + reversed.reversed() }
      if let leaf = frames[frame].leaf { reversed.append(leaf) }
      current = frames[frame].parent
    }
  }
}
