extension CodegenPlan {
  /// One step of a model's `init(from:)`, on the container the steps it is among run on.
  /// `codegen` writes the steps as Swift and the lab's model decoder runs them, so the
  /// calls a trace shows are those of the printed initializer, in its order.
  enum Step {
    /// `amount = try container.decode(Int.self, forKey: .amount)`: a field read.
    case read(FieldRead)
    /// Steps on a nested container, reached by the JSON keys `path`: opened here
    /// (`let location = try container.nestedContainer(…)`) when `opens`, else the one an
    /// earlier step opened, used again.
    case nested(Container, path: [String], opens: Bool, steps: [Step])
    /// A nested container whose fields may all be absent, opened only when its key is
    /// there and not null; else each of `fallbacks` gets its default, or `nil`:
    /// ```
    /// if container.contains(.location), try !container.decodeNil(forKey: .location) {
    ///   let location = try container.nestedContainer(…)
    ///   …steps
    /// } else {
    ///   town = nil
    /// }
    /// ```
    case ifPresent(Container, path: [String], steps: [Step], fallbacks: [ModelField])
  }

  /// A field and the nested containers it is read through (outermost first).
  private struct Placed {
    var chain: [Container]
    var read: FieldRead
  }

  /// The steps of `init(from:)` on the top-level container: every field in the model's
  /// order (the order in which their errors come). A nested container is opened where a
  /// field first needs it and used again by later fields; one whose fields may all be
  /// absent is opened in an `if` for each run of fields that read through it.
  func steps() -> [Step] {
    var placed: [Placed] = []
    func collect(_ container: Container, chain: [Container]) {
      for item in container.items {
        switch item {
        case .field(let read): placed.append(Placed(chain: chain, read: read))
        case .nested(let nested): collect(nested, chain: chain + [nested])
        }
      }
    }
    collect(root, chain: [])
    let order = Dictionary(
      fieldOrder.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
    placed.sort { (order[$0.read.field.name] ?? 0) < (order[$1.read.field.name] ?? 0) }
    var opened: Set<[String]> = []
    return Self.steps(placed[...], depth: 0, path: [], opened: &opened)
  }

  /// The steps for `placed`, on the container reached by `path`, `depth` containers in;
  /// `opened` holds the paths of the nested containers already opened and in scope.
  private static func steps(
    _ placed: ArraySlice<Placed>, depth: Int, path: [String], opened: inout Set<[String]>
  ) -> [Step] {
    var result: [Step] = []
    var index = placed.startIndex
    while index < placed.endIndex {
      guard placed[index].chain.count > depth else {
        result.append(.read(placed[index].read))
        index += 1
        continue
      }
      let nested = placed[index].chain[depth]
      var end = index
      while end < placed.endIndex, placed[end].chain.count > depth,
        placed[end].chain[depth].jsonKey == nested.jsonKey
      {
        end += 1
      }
      let run = placed[index..<end]
      index = end
      let nestedPath = path + [nested.jsonKey]
      if nested.allFields.allSatisfy(\.hasFallback) {
        // Missing or null: the fields through it fall back, as the lab's decoder does.
        var inside: Set<[String]> = []
        let inner = steps(run, depth: depth + 1, path: nestedPath, opened: &inside)
        result.append(
          .ifPresent(nested, path: nestedPath, steps: inner, fallbacks: run.map(\.read.field)))
      } else {
        let opens = opened.insert(nestedPath).inserted
        let inner = steps(run, depth: depth + 1, path: nestedPath, opened: &opened)
        result.append(.nested(nested, path: nestedPath, opens: opens, steps: inner))
      }
    }
    return result
  }
}
