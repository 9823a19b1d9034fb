import Foundation
import Testing

@testable import KivaShell

/// Coding paths of containers nested by key and by index, which `FastJSONPath` keeps in
/// the decoder's `pathNodes` instead of allocating.
@Suite("FastJSON coding paths of nested containers")
struct FastJSONPathNodeTests {
  /// Walks `{"list": [{"place": {"inner": {"n": 1}}}, …]}` by hand, with nested
  /// containers only (no `decode(T.self)`, so no frames), reading every `n`.
  struct HandWalk: Decodable, Equatable {
    var numbers: [Int]
    /// How many path nodes the decoder held at the end, when it is the fast one.
    var nodesAtEnd: Int?

    enum Keys: String, CodingKey { case list, place, inner, n }

    init(from decoder: any Decoder) throws {
      let root = try decoder.container(keyedBy: Keys.self)
      var list = try root.nestedUnkeyedContainer(forKey: .list)
      numbers = []
      while !list.isAtEnd {
        let element = try list.nestedContainer(keyedBy: Keys.self)
        let place = try element.nestedContainer(keyedBy: Keys.self, forKey: .place)
        let inner = try place.nestedContainer(keyedBy: Keys.self, forKey: .inner)
        numbers.append(try inner.decode(Int.self, forKey: .n))
      }
      nodesAtEnd = (decoder as? FastJSONValueDecoder)?.pathNodes.count
    }

    static func == (left: HandWalk, right: HandWalk) -> Bool { left.numbers == right.numbers }
  }

  /// Makes a sibling container between two elements of a hand-walked array, then
  /// reads from the sibling.
  struct SiblingWalk: Decodable, Equatable {
    var n: Int

    enum Keys: String, CodingKey { case list, place, other, n }

    init(from decoder: any Decoder) throws {
      let root = try decoder.container(keyedBy: Keys.self)
      var list = try root.nestedUnkeyedContainer(forKey: .list)
      let first = try list.nestedContainer(keyedBy: Keys.self)
      _ = try first.nestedContainer(keyedBy: Keys.self, forKey: .place)
      let other = try root.nestedContainer(keyedBy: Keys.self, forKey: .other)
      let second = try list.nestedContainer(keyedBy: Keys.self)
      _ = try second.nestedContainer(keyedBy: Keys.self, forKey: .place)
      n = try other.decode(Int.self, forKey: .n)
    }
  }

  static func walkJSON(count: Int, bad: Int? = nil, value: String = #""x""#) -> String {
    let elements = (0..<count).map { index in
      #"{"place": {"inner": {"n": \#(index == bad ? value : String(index))}}}"#
    }
    return #"{"list": [\#(elements.joined(separator: ", "))]}"#
  }

  @Test(
    "an error deep in a hand-walked array names the same path as JSONDecoder's",
    arguments: [0, 1, 7, 39])
  func deepErrorPath(bad: Int) {
    for differential in FastJSONDifferential.all {
      differential.expectSame(HandWalk.self, Self.walkJSON(count: 40, bad: bad))
      differential.expectSame(HandWalk.self, Self.walkJSON(count: 40, bad: bad, value: "null"))
      differential.expectSame([HandWalk].self, "[\(Self.walkJSON(count: 3, bad: 2))]")
    }
  }

  @Test(
    "a sibling made between two elements keeps its path",
    arguments: [#""x""#, "null", "1"])
  func siblingKeepsPath(value: String) {
    let json = #"{"list": [{"place": {}}, {"place": {}}], "other": {"n": \#(value)}}"#
    for differential in FastJSONDifferential.all {
      differential.expectSame(SiblingWalk.self, json)
    }
  }

  @Test("walking a long array by hand does not pile up path nodes")
  func nodesStayFew() throws {
    let walk = try FastJSONDecoder().decode(
      HandWalk.self, from: Data(Self.walkJSON(count: 10_000).utf8))
    #expect(walk.numbers == Array(0..<10_000))
    // The list's key and the last element's index, place and inner; not three per element.
    #expect(walk.nodesAtEnd == 4)
  }

  @Test("values decoded through a frame drop the nodes they made")
  func framesDropNodes() throws {
    let json = "[\(Self.walkJSON(count: 5)), \(Self.walkJSON(count: 5))]"
    let walks = try FastJSONDecoder().decode([HandWalk].self, from: Data(json.utf8))
    #expect(walks.map(\.numbers) == [Array(0..<5), Array(0..<5)])
    // The second walk starts from none: the first one's went when its frame ended.
    #expect(walks.map(\.nodesAtEnd) == [4, 4])
  }
}
