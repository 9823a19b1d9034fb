import Foundation
import Testing

@testable import KivaShell

private struct Item: Decodable, Equatable {
  let name: String
  let n: Int
}

/// A tree: each node's container is held while its children ask for theirs.
private struct Node: Decodable, Equatable {
  let name: String
  let size: Int
  let children: [Node]?
}

/// Two containers of one object, held and read in turn.
private struct Twice: Decodable, Equatable {
  let x: Int
  let y: Int
  let xAgain: Int

  init(from decoder: any Decoder) throws {
    let first = try decoder.container(keyedBy: AnyKey.self)
    let second = try decoder.container(keyedBy: AnyKey.self)
    x = try first.decode(Int.self, forKey: AnyKey("x"))
    y = try second.decode(Int.self, forKey: AnyKey("y"))
    xAgain = try first.decode(Int.self, forKey: AnyKey("x"))
  }
}

/// The containers of two elements, both held, read after both were made.
private struct HeldSiblings: Decodable, Equatable {
  let names: [String]

  init(from decoder: any Decoder) throws {
    var list = try decoder.unkeyedContainer()
    let first = try list.nestedContainer(keyedBy: AnyKey.self)
    let second = try list.nestedContainer(keyedBy: AnyKey.self)
    names = [
      try first.decode(String.self, forKey: AnyKey("name")),
      try second.decode(String.self, forKey: AnyKey("name")),
      try first.decode(String.self, forKey: AnyKey("name")),
    ]
  }
}

/// A key whose type differs for every `Tag`: many key types without writing them out.
private struct TaggedKey<Tag>: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Reads `v` from one object through containers of 35 key types, all held at once.
private struct ManyKeyTypes: Decodable {
  let total: Int

  init(from decoder: any Decoder) throws {
    total = try Self.read(decoder, Int.self, remaining: 34)
  }

  private static func read<Tag>(_ decoder: any Decoder, _ tag: Tag.Type, remaining: Int) throws
    -> Int
  {
    let container = try decoder.container(keyedBy: TaggedKey<Tag>.self)
    let rest = remaining == 0 ? 0 : try read(decoder, [Tag].self, remaining: remaining - 1)
    return try container.decode(Int.self, forKey: TaggedKey("v")) + rest
  }
}

/// Elements decoded in turn, and how many keyed containers the decoder made for them.
private struct CountedList<Element: Decodable>: Decodable {
  let elements: [Element]
  let made: Int?

  init(from decoder: any Decoder) throws {
    var list = try decoder.unkeyedContainer()
    var elements: [Element] = []
    while !list.isAtEnd { elements.append(try list.decode(Element.self)) }
    self.elements = elements
    made = (decoder as? FastJSONValueDecoder)?.containers.made
  }
}

/// A chain of nodes, then items: `Node` containers all held at once, then none.
private struct ChainThenItems: Decodable {
  let depth: Int
  let items: Int
  let made: Int?

  init(from decoder: any Decoder) throws {
    var list = try decoder.unkeyedContainer()
    var node: Node? = try list.decode(Node.self)
    var depth = 0
    while let next = node?.children?.first {
      depth += 1
      node = next
    }
    var items = 0
    while !list.isAtEnd {
      _ = try list.decode(Item.self)
      items += 1
    }
    self.depth = depth
    self.items = items
    made = (decoder as? FastJSONValueDecoder)?.containers.made
  }
}

@Suite("Keyed containers are handed out again once nobody holds them")
struct FastJSONContainerReuseTests {
  static let tree = #"""
    {"name": "root", "size": 1, "children": [
      {"name": "a", "size": 2, "children": [
        {"name": "a1", "size": 3}, {"name": "a2", "size": 4, "children": []}]},
      {"name": "b", "size": 5, "children": [{"name": "b1", "size": 6, "children": [
        {"name": "b11", "size": 7}]}]},
      {"name": "c", "size": 8}]}
    """#

  @Test("this standard library's KeyedDecodingContainer is read as one reference to its box")
  func boxIsReadable() {
    #expect(FastJSONContainerReuse.boxIsReadable)
  }

  @Test("a hundred objects decoded in turn share one container")
  func sequentialObjectsShare() throws {
    let json =
      "[" + (0..<100).map { #"{"name": "item \#($0)", "n": \#($0)}"# }.joined(separator: ",") + "]"
    let data = Data(json.utf8)
    let fast = try FastJSONDecoder().decode(CountedList<Item>.self, from: data)
    #expect(fast.made == 1)
    #expect(
      fast.elements == (try JSONDecoder().decode(CountedList<Item>.self, from: data).elements))
    #expect(fast.elements.last == Item(name: "item 99", n: 99))
  }

  @Test("a model of 35 key types makes 35 containers, however many elements it decodes")
  func manyKeyTypes() throws {
    let data = Data(
      ("[" + Array(repeating: #"{"v": 2}"#, count: 200).joined(separator: ",") + "]").utf8)
    let fast = try FastJSONDecoder().decode(CountedList<ManyKeyTypes>.self, from: data)
    #expect(fast.made == 35)
    #expect(fast.elements.count == 200)
    #expect(fast.elements.allSatisfy { $0.total == 70 })
  }

  @Test("past the preferred count, a container nobody holds makes way for another key type")
  func deepChainThenItems() throws {
    var chain = #"{"name": "leaf", "size": 0}"#
    for level in 1...70 {
      chain = #"{"name": "n\#(level)", "size": \#(level), "children": [\#(chain)]}"#
    }
    let items = (0..<1000).map { #"{"name": "item \#($0)", "n": \#($0)}"# }
    let data = Data(("[" + ([chain] + items).joined(separator: ",") + "]").utf8)
    let fast = try FastJSONDecoder().decode(ChainThenItems.self, from: data)
    #expect(fast.depth == 70)
    #expect(fast.items == 1000)
    // 71 nodes held at once, then one container for every item.
    #expect(fast.made == 72)
  }

  @Test("a container held while its children decode keeps its own object")
  func nestedSameKeys() throws {
    let data = Data(Self.tree.utf8)
    let fast = try FastJSONDecoder().decode(Node.self, from: data)
    #expect(fast == (try JSONDecoder().decode(Node.self, from: data)))
    #expect(
      fast.children?[1].children?[0].children?[0] == Node(name: "b11", size: 7, children: nil))
  }

  @Test("an error deep in the tree names the path JSONDecoder names")
  func nestedErrorPath() {
    let bad = Self.tree.replacingOccurrences(of: #""size": 7"#, with: #""size": "seven""#)
    let data = Data(bad.utf8)
    #expect(
      errorDescription { try FastJSONDecoder().decode(Node.self, from: data) }
        == errorDescription { try JSONDecoder().decode(Node.self, from: data) })
    #expect(
      errorDescription { try FastJSONDecoder().decode(Node.self, from: data) }
        .contains("children/Index 1/children/Index 0/children/Index 0/size"))
  }

  @Test("two containers of one object, both held, read their own keys")
  func twoOfOneObject() throws {
    let data = Data(#"[{"x": 1, "y": 2}, {"x": 3, "y": 4}]"#.utf8)
    let fast = try FastJSONDecoder().decode([Twice].self, from: data)
    #expect(fast == (try JSONDecoder().decode([Twice].self, from: data)))
    #expect(fast == [Twice(x: 1, y: 2, xAgain: 1), Twice(x: 3, y: 4, xAgain: 3)])
  }

  @Test("a held sibling's container is not handed out for the next element")
  func heldSiblings() throws {
    let data = Data(#"[{"name": "first"}, {"name": "second"}]"#.utf8)
    let fast = try FastJSONDecoder().decode(HeldSiblings.self, from: data)
    #expect(fast.names == ["first", "second", "first"])
    #expect(fast == (try JSONDecoder().decode(HeldSiblings.self, from: data)))
  }
}

extension Twice {
  init(x: Int, y: Int, xAgain: Int) {
    self.x = x
    self.y = y
    self.xAgain = xAgain
  }
}

/// The error `body` throws as `kind at path: description`, or "no error".
private func errorDescription(_ body: () throws -> Any) -> String {
  do {
    _ = try body()
    return "no error"
  } catch DecodingError.typeMismatch(_, let context) {
    let path = context.codingPath.map(\.stringValue).joined(separator: "/")
    return "typeMismatch at \(path): \(context.debugDescription)"
  } catch {
    return "other: \(error)"
  }
}
