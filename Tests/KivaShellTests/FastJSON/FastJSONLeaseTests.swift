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
}
