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

/// Keys a container adds to the path of the value it was made from: made by
/// `nestedContainer(…)`, which has no scope to pop a frame at.
final class FastJSONPathNode {
  let parent: FastJSONPathNode?
  let key: any CodingKey

  init(parent: FastJSONPathNode?, key: any CodingKey) {
    self.parent = parent
    self.key = key
  }
}

/// A coding path kept cheaply until an error needs it: the path of decoder frame
/// `frame` (checked by `serial`, in case the frame has ended), then the keys of `tail`.
/// Decoding a nested value pushes a frame instead of building an array, so the hot path
/// allocates nothing for paths.
struct FastJSONPath {
  var frame: Int32
  var serial: UInt32
  var tail: FastJSONPathNode?

  /// This path with `key` appended (allocates a node).
  func appending(_ key: any CodingKey) -> FastJSONPath {
    FastJSONPath(frame: frame, serial: serial, tail: FastJSONPathNode(parent: tail, key: key))
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
    // Collect the steps innermost first, then reverse: frames hold their parent paths.
    var reversed: [any CodingKey] = []
    var current: FastJSONPath? = path
    var reachedRoot = false
    while let step = current {
      var node = step.tail
      while let tailNode = node {
        reversed.append(tailNode.key)
        node = tailNode.parent
      }
      let index = Int(step.frame)
      // A container used after the value it came from was decoded has lost the frame
      // its path started from; it keeps the keys it knows.
      guard index < frames.count, frames[index].serial == step.serial else { break }
      if index == 0 {
        reachedRoot = true
        break
      }
      if let leaf = frames[index].leaf { reversed.append(leaf) }
      current = frames[index].parent
    }
    let prefix = reachedRoot ? rootPath : []
    return prefix + reversed.reversed()
  }

}
