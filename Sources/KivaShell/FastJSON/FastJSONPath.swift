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

/// Keys a container adds to the path of the value it was made from, with
/// `nestedContainer(…)`, which has no scope to pop a frame at; like `JSONDecoder`'s path
/// nodes, they live as long as a container refers to them.
final class FastJSONPathNode {
  let parent: FastJSONPathNode?
  let key: any CodingKey

  init(parent: FastJSONPathNode?, key: any CodingKey) {
    self.parent = parent
    self.key = key
  }
}

/// A coding path kept cheaply until an error needs it: the path of decoder frame
/// `frame`, then the keys of `node` and its parents, then the array index `index` (-1:
/// none). A serial tells a frame that has ended (a container used after its value was
/// decoded) from the one it was. Decoding a nested value pushes a frame instead of
/// building an array, and only containers nested by key allocate a node.
struct FastJSONPath {
  var frame: Int32
  var frameSerial: UInt32
  var index: Int32 = -1
  var node: FastJSONPathNode?

  /// This path with `key` appended.
  func appending(_ key: any CodingKey) -> FastJSONPath {
    var result = self
    result.node = FastJSONPathNode(parent: withIndexInNode, key: key)
    result.index = -1
    return result
  }

  /// This path with the array index `index` appended.
  func appending(index: Int) -> FastJSONPath {
    var result = self
    guard let small = Int32(exactly: index) else {
      return appending(FastJSONIndexKey(index: index))
    }
    result.node = withIndexInNode
    result.index = small
    return result
  }

  /// `node`, with `index` moved into a node of its own if there is one.
  private var withIndexInNode: FastJSONPathNode? {
    guard index >= 0 else { return node }
    return FastJSONPathNode(parent: node, key: FastJSONIndexKey(index: Int(index)))
  }
}

/// A value being decoded: its path is its parent's path and `leaf`.
struct FastJSONFrame {
  var parent: FastJSONPath
  var leaf: (any CodingKey)?
  var serial: UInt32
  /// The decoder's value before this frame, restored when it ends.
  var savedValue: UInt32
}

extension FastJSONValueDecoder {
  /// The keys of `path`, for an error or for `codingPath`.
  func codingPath(_ path: FastJSONPath) -> [any CodingKey] {
    // Collect the keys innermost first, then reverse.
    var reversed: [any CodingKey] = []
    var current = path
    while true {
      if current.index >= 0 { reversed.append(FastJSONIndexKey(index: Int(current.index))) }
      var node = current.node
      while let step = node {
        reversed.append(step.key)
        node = step.parent
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
