/// One encoded value, as `FastJSONEncoder` keeps it until the whole value is written.
enum FastJSONValue {
  /// A string, number, `true`, `false` or `null`: its bytes in the scratch buffer.
  case scalar(Range<Int>)
  /// An object or an array, written (and its keys sorted) when its parent is.
  case node(FastJSONNode)
}

/// An object or an array being encoded. Reference-typed because a container is handed
/// out to the value's `encode(to:)` and filled in later, perhaps while its parent goes
/// on being filled too (a `Loan` encodes its `location` object between other keys).
final class FastJSONNode {
  /// One key and its value, in the order the value encoded them.
  struct Member {
    let key: String
    let value: FastJSONValue
  }

  /// Whether it is an array (else an object).
  let isArray: Bool
  /// An object's members, unsorted.
  var members: [Member] = []
  /// An array's elements.
  var elements: [FastJSONValue] = []

  /// An empty array, or an empty object with room for a record's worth of keys (which
  /// spares growing the list four times).
  init(isArray: Bool) {
    self.isArray = isArray
    if !isArray { members.reserveCapacity(16) }
  }
}
