import Foundation
import Testing

@testable import KivaShell

/// A model that keeps only its keyed container, to decode from after `decode` returns.
private struct ContainerKeeper: Decodable {
  let container: KeyedDecodingContainer<AnyKey>

  init(from decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: AnyKey.self)
  }
}

/// Reads `x` through a container of a super decoder it does not keep.
private struct SuperChain: Decodable, Equatable {
  let x: Int

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let base = try container.superDecoder(forKey: AnyKey("base")).container(keyedBy: AnyKey.self)
    x = try base.decode(Int.self, forKey: AnyKey("x"))
  }
}

/// Where a model keeps a decoder, found through `userInfo`.
private final class DecoderHolder: @unchecked Sendable {
  var decoder: (any Decoder)?
  var container: KeyedDecodingContainer<AnyKey>?
  static let key = CodingUserInfoKey(rawValue: "fastjson.holder")

  /// Decodes `json` as `type` with this holder in the decoder's `userInfo`.
  func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    var decoder = FastJSONDecoder()
    decoder.userInfo[try #require(Self.key)] = self
    return try decoder.decode(type, from: Data(json.utf8))
  }

  /// The holder `decoder` was given.
  static func of(_ decoder: any Decoder) -> DecoderHolder? {
    key.flatMap { decoder.userInfo[$0] as? DecoderHolder }
  }
}

/// Keeps a super decoder in the holder and decodes a child through it; the child drops
/// it, so the decoder's only owner is gone while it still decodes.
private struct DroppingParent: Decodable {
  struct Child: Decodable {
    let v: Int

    init(from decoder: any Decoder) throws {
      DecoderHolder.of(decoder)?.decoder = nil
      v = try decoder.container(keyedBy: AnyKey.self).decode(Int.self, forKey: AnyKey("v"))
    }
  }

  let child: Child
  let y: Int

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let holder = DecoderHolder.of(decoder)
    holder?.decoder = try container.superDecoder(forKey: AnyKey("base"))
    guard let kept = holder?.decoder else {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no holder"))
    }
    let base = try kept.container(keyedBy: AnyKey.self)
    child = try base.decode(Child.self, forKey: AnyKey("child"))
    y = try base.decode(Int.self, forKey: AnyKey("y"))
  }
}

/// Keeps its decoder and container in the holder, to decode a child after `decode`.
private struct KeepsForLater: Decodable {
  init(from decoder: any Decoder) throws {
    let holder = DecoderHolder.of(decoder)
    holder?.decoder = decoder
    holder?.container = try decoder.container(keyedBy: AnyKey.self)
  }
}

/// Keeps a super decoder of a super decoder, lets go of the one between, then takes
/// enough super decoders to have the root let go of those nobody uses.
private struct KeepsGrandchild: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let holder = DecoderHolder.of(decoder)
    do {
      let between = try container.superDecoder(forKey: AnyKey("a"))
      let betweenContainer = try between.container(keyedBy: AnyKey.self)
      holder?.decoder = try betweenContainer.superDecoder(forKey: AnyKey("b"))
    }
    for _ in 0..<40 { _ = try container.superDecoder(forKey: AnyKey("z")) }
  }
}

/// Takes a super decoder for every element, and notes how many its decoder keeps.
private struct SuperPerElement: Decodable {
  let sum: Int
  let kept: Int?

  init(from decoder: any Decoder) throws {
    var list = try decoder.unkeyedContainer()
    var sum = 0
    while !list.isAtEnd {
      let element = try list.nestedContainer(keyedBy: AnyKey.self)
      let base = try element.superDecoder(forKey: AnyKey("base")).container(keyedBy: AnyKey.self)
      sum += try base.decode(Int.self, forKey: AnyKey("x"))
    }
    self.sum = sum
    kept = (decoder as? FastJSONValueDecoder)?.superDecoders.count
  }
}

@Suite("A keyed container knows whether its decoder still lives")
struct FastJSONLeaseTests {
  static let ended =
    "A keyed container was used after the decoding that made it had finished; "
    + "decode its values inside init(from:)."

  /// The debug description of the `dataCorrupted` error `body` throws, or what went wrong.
  private func corruption(_ body: () throws -> Any) -> String {
    do {
      let value = try body()
      return "no error: \(value)"
    } catch DecodingError.dataCorrupted(let context) {
      return context.codingPath.isEmpty ? context.debugDescription : "path \(context.codingPath)"
    } catch {
      return "other error: \(error)"
    }
  }

  @Test("a container kept without its decoder throws, and reads nothing")
  func keptAlone() throws {
    let data = Data(#"{"name": "kept", "n": 7, "inner": {"a": 1}, "list": [1]}"#.utf8)
    let kept = try FastJSONDecoder().decode(ContainerKeeper.self, from: data).container
    let name = AnyKey("name")
    #expect(corruption { try kept.decode(String.self, forKey: name) } == Self.ended)
    #expect(corruption { try kept.decodeIfPresent(String.self, forKey: name) as Any } == Self.ended)
    #expect(corruption { try kept.decode(Int.self, forKey: AnyKey("n")) } == Self.ended)
    #expect(corruption { try kept.decodeNil(forKey: name) } == Self.ended)
    #expect(
      corruption { try kept.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("inner")) }
        == Self.ended)
    #expect(corruption { try kept.nestedUnkeyedContainer(forKey: AnyKey("list")) } == Self.ended)
    #expect(corruption { try kept.superDecoder() } == Self.ended)
    #expect(kept.contains(name) == false)
    #expect(kept.allKeys.isEmpty)
    #expect(kept.codingPath.isEmpty)
  }

  @Test("a container kept alone stays ended when its decoder's slot serves the next decoding")
  func slotReused() throws {
    let decoder = FastJSONDecoder()
    let first = try decoder.decode(ContainerKeeper.self, from: Data(#"{"name": "first"}"#.utf8))
    // Decoding again may take the slot the first decoder gave back.
    let second = try decoder.decode(
      FastJSONModels.Keeper.self, from: Data(#"{"name": "second", "n": 2}"#.utf8))
    #expect(try FastJSONModels.Keeper.readLater(second) == "second 2")
    #expect(
      corruption { try first.container.decode(String.self, forKey: AnyKey("name")) } == Self.ended)
  }

  @Test("a lease ends when its slot is given back; the next decoder's lease on it is live")
  func leaseGenerations() {
    let pool = FastJSONLeasePool()
    let slot = pool.take()
    let lease = FastJSONLease(slot)
    #expect(lease.isLive)
    pool.giveBack(slot)
    #expect(!lease.isLive)
    #expect(pool.freeCount == 1)
    let again = pool.take()
    #expect(again === slot)
    #expect(pool.freeCount == 0)
    let next = FastJSONLease(again)
    #expect(next.isLive)
    #expect(!lease.isLive)
    pool.giveBack(again)
    #expect(!next.isLive)
  }

  @Test("a container of a super decoder the model did not keep still reads its values")
  func superDecoderDropped() throws {
    let data = Data(#"{"base": {"x": 42}}"#.utf8)
    #expect(try FastJSONDecoder().decode(SuperChain.self, from: data) == SuperChain(x: 42))
    #expect(try JSONDecoder().decode(SuperChain.self, from: data) == SuperChain(x: 42))
  }

  @Test("a decoder whose only owner lets go of it mid-call decodes to the end")
  func ownerDropsDecoder() throws {
    let holder = DecoderHolder()
    let parent = try holder.decode(DroppingParent.self, #"{"base": {"child": {"v": 1}, "y": 2}}"#)
    #expect(parent.child.v == 1)
    #expect(parent.y == 2)
    #expect(holder.decoder == nil)
  }

  @Test("after decode, a kept decoder let go of mid-call stays alive to the call's end")
  func keptDecoderDroppedAfterDecode() throws {
    let holder = DecoderHolder()
    _ = try holder.decode(KeepsForLater.self, #"{"child": {"v": 7}}"#)
    let container = try #require(holder.container)
    holder.container = nil
    // The child lets go of the holder's decoder, its only owner now.
    let child = try container.decode(DroppingParent.Child.self, forKey: AnyKey("child"))
    #expect(child.v == 7)
    #expect(holder.decoder == nil)
    #expect(corruption { try container.decode(Int.self, forKey: AnyKey("v")) } == Self.ended)
  }

  @Test("a super decoder kept by a model is let go of by the decoding when it ends")
  func keptGrandchildReleased() throws {
    let holder = DecoderHolder()
    _ = try holder.decode(KeepsGrandchild.self, #"{"a": {"b": {"v": 1}}, "z": 1}"#)
    let kept = try #require(holder.decoder as? FastJSONValueDecoder)
    // Still reached from the root when the decoding ended, so no longer lent unretained.
    #expect(!kept.isHeldByDecoding)
    // The decoder's userInfo holds the holder: break the cycle.
    holder.decoder = nil
  }

  @Test("super decoders nobody uses any more are let go")
  func superDecodersPruned() throws {
    let elements = (0..<1000).map { #"{"base": {"x": \#($0)}}"# }
    let data = Data(("[" + elements.joined(separator: ",") + "]").utf8)
    let decoded = try FastJSONDecoder().decode(SuperPerElement.self, from: data)
    #expect(decoded.sum == 999 * 1000 / 2)
    #expect((decoded.kept ?? .max) < 32)
  }
}

extension SuperChain {
  init(x: Int) { self.x = x }
}
