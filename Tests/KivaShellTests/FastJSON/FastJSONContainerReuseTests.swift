import Foundation
import Testing

@testable import KivaShell

private struct Item: Decodable, Equatable {
  let name: String
  let n: Int
}

/// Decodes an array of items one by one, and notes how many keyed containers the fast
/// decoder made for them.
private struct CountedItems: Decodable {
  let items: [Item]
  let made: Int?

  init(from decoder: any Decoder) throws {
    var list = try decoder.unkeyedContainer()
    var items: [Item] = []
    while !list.isAtEnd { items.append(try list.decode(Item.self)) }
    self.items = items
    made = (decoder as? FastJSONValueDecoder)?.containers.made
  }
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

  @Test("a hundred objects decoded in turn share one container")
  func sequentialObjectsShare() throws {
    let json =
      "[" + (0..<100).map { #"{"name": "item \#($0)", "n": \#($0)}"# }.joined(separator: ",") + "]"
    let data = Data(json.utf8)
    let fast = try FastJSONDecoder().decode(CountedItems.self, from: data)
    #expect(fast.made == 1)
    #expect(fast.items == (try JSONDecoder().decode(CountedItems.self, from: data).items))
    #expect(fast.items.last == Item(name: "item 99", n: 99))
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
