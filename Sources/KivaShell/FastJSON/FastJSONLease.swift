import Synchronization

/// How a keyed container knows whether the decoder that made it still lives, without
/// keeping it alive.
///
/// The standard library copies a keyed container at every `decode(_:forKey:)` call, and
/// a container holding its decoder strongly pays an atomic retain and release each time
/// (about 4% of decoding a loan). So a keyed container refers to its decoder unretained,
/// with a lease: a slot that outlives every decoder, and the generation the slot had
/// when the decoder took it. The decoder's `deinit` advances the generation and returns
/// the slot, so a container kept past its decoder (a model that stores one to decode
/// later) throws instead of reading freed memory.
struct FastJSONLease {
  private let slot: Unmanaged<FastJSONLeaseSlot>
  private let generation: UInt64

  /// The lease of the decoder holding `slot`, now.
  init(_ slot: FastJSONLeaseSlot) {
    self.slot = Unmanaged.passUnretained(slot)
    generation = slot.generation.load(ordering: .relaxed)
  }

  /// Whether the decoder that handed out this lease still lives.
  @inline(__always)
  var isLive: Bool {
    // Slots are never freed (see `FastJSONLeaseSlot`), so reading one is always safe.
    slot._withUnsafeGuaranteedRef { $0.generation.load(ordering: .relaxed) == generation }
  }

  /// What a container kept past its decoder throws.
  static var ended: DecodingError {
    .dataCorrupted(
      .init(
        codingPath: [],
        debugDescription:
          "A keyed container was used after the decoding that made it had finished; "
          + "decode its values inside init(from:)."))
  }
}

/// A decoder's liveness, read by the containers it made (see `FastJSONLease`).
final class FastJSONLeaseSlot: Sendable {
  /// Advanced each time a decoder gives the slot back.
  let generation = Atomic<UInt64>(0)
}

/// The slots not held by a decoder. A slot is held by its decoder while the decoder lives
/// and by the pool otherwise, so it is never freed: there are as many as decoders ever
/// lived at once.
final class FastJSONLeasePool: Sendable {
  /// The pool decoders take their slots from.
  static let shared = FastJSONLeasePool()

  private let free = Locked<[FastJSONLeaseSlot]>([])

  /// A slot for a new decoder.
  func take() -> FastJSONLeaseSlot {
    free.withLock { $0.popLast() } ?? FastJSONLeaseSlot()
  }

  /// Ends the leases handed out on `slot` and keeps it for another decoder.
  ///
  /// The generation needs no ordering of its own: a container is not `Sendable`, so it is
  /// read on the thread that decoded (or after a hand-over that orders memory), and a
  /// slot reaches another decoder through the pool's lock.
  func giveBack(_ slot: FastJSONLeaseSlot) {
    slot.generation.add(1, ordering: .relaxed)
    free.withLock { $0.append(slot) }
  }

  /// How many slots wait for a decoder.
  var freeCount: Int { free.withLock { $0.count } }
}
