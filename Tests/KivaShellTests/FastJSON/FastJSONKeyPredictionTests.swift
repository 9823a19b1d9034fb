import Foundation
import Testing

@testable import KivaShell

/// Reads `k` and `z` of each object through its `CodingKeys`.
private struct Moving: Decodable, Equatable {
  let k: Int?
  let z: String?
}

/// The same keys asked for by strings, not by a key type's byte.
private struct MovingByName: Decodable, Equatable {
  let k: Int?
  let z: String?

  private struct Name: CodingKey {
    var stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Name.self)
    k = try container.decodeIfPresent(Int.self, forKey: Name(stringValue: "k"))
    z = try container.decodeIfPresent(String.self, forKey: Name(stringValue: "z"))
  }
}

/// A key is looked for first where it was in the previous object, then outward from
/// there: it must be found wherever it moved, and missing when it is missing.
@Suite("FastJSON keys that move from object to object")
struct FastJSONKeyPredictionTests {
  /// Objects of 0 to 30 members in which `k` sits anywhere (or nowhere, or twice: the
  /// first wins), among filler keys; `z` comes last when present.
  static func objects(seed: UInt64, count: Int) -> String {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var objects: [String] = []
    for index in 0..<count {
      var members = (0..<next(30)).map { "\"f\($0)\": \($0)" }
      if next(5) > 0 { members.insert("\"k\": \(index)", at: next(members.count + 1)) }
      if next(10) == 0 { members.insert("\"k\": -\(index)", at: next(members.count + 1)) }
      if next(2) == 0 { members.append("\"z\": \"\(index)\"") }
      objects.append("{\(members.joined(separator: ", "))}")
    }
    return "[\(objects.joined(separator: ", "))]"
  }

  @Test("a key found wherever it moved, by its key type and by name", arguments: [1, 2, 3])
  func movingKey(seed: UInt64) {
    let json = Self.objects(seed: seed, count: 300)
    for differential in FastJSONDifferential.all {
      differential.expectSame([Moving].self, json)
      differential.expectSame([MovingByName].self, json)
    }
  }

  @Test("a key far past the end of the next object's members, then back")
  func shrinkingObjects() {
    let wide = (0..<25).map { "\"f\($0)\": 0" }.joined(separator: ", ")
    let json = """
      [{\(wide), "k": 1}, {"k": 2}, {"f": 0, "k": 3}, {\(wide), "k": 4}, {"f": 0}, \
      {"k": 5, \(wide)}, {\(wide), "k": 6}]
      """
    for differential in FastJSONDifferential.all {
      differential.expectSame([Moving].self, json)
      differential.expectSame([MovingByName].self, json)
    }
  }
}
