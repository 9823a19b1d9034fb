import Foundation

/// Memory for one piece of a JSON text read a piece at a time, with room before the
/// piece for what the previous piece left unfinished (see `FastJSONArrayPieces`), so
/// that the two are joined without copying the piece.
///
/// One thread at a time uses a buffer: the one reading into it, then the one scanning
/// it, then the one decoding what was scanned.
final class FastJSONPieceBuffer: @unchecked Sendable {
  /// Bytes of room before the piece.
  private(set) var headroom: Int
  /// How many bytes the piece may hold.
  let capacity: Int
  /// The piece's bytes start at `storage + headroom`.
  private(set) var storage: UnsafeMutablePointer<UInt8>
  /// How many bytes the piece holds.
  var count = 0

  /// A buffer for a piece of up to `capacity` bytes, with `headroom` bytes of room
  /// before it.
  init(capacity: Int, headroom: Int) {
    self.capacity = max(capacity, 1)
    self.headroom = headroom
    storage = .allocate(capacity: headroom + self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// Where the piece's bytes go.
  var piece: UnsafeMutablePointer<UInt8> { storage + headroom }

  /// Room left after the piece's bytes.
  var room: Int { capacity - count }

  /// The piece's bytes.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: piece, count: count) }

  /// Writes `first` and then `prefix` just before the piece, making room first when
  /// there is not enough; returns where they begin.
  func prepend(_ first: UInt8, _ prefix: [UInt8]) -> UnsafeMutablePointer<UInt8> {
    let needed = prefix.count + 1
    if needed > headroom {
      let newHeadroom = max(needed, headroom * 2)
      let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newHeadroom + capacity)
      (newStorage + newHeadroom).initialize(from: piece, count: count)
      storage.deallocate()
      storage = newStorage
      headroom = newHeadroom
    }
    let start = piece - needed
    start.initialize(to: first)
    prefix.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      (start + 1).initialize(from: base, count: buffer.count)
    }
    return start
  }
}
