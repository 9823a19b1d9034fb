import Foundation

/// The keys of the objects being scanned: their tape indices and hashes.
///
/// `indices` has `padding` words of room after its capacity, so that copying an object's
/// keys may read a few words past them (see `FastJSONWords.append(copying:of:)`).
struct FastJSONKeyStack {
  static let padding = 4
  private(set) var indices = UnsafeMutablePointer<UInt32>.allocate(capacity: 64 + padding)
  private(set) var hashes = UnsafeMutablePointer<UInt64>.allocate(capacity: 64)
  private(set) var count = 0
  private var capacity = 64

  @inline(__always)
  mutating func push(_ index: UInt32, hash: UInt64) {
    if count == capacity { grow() }
    indices[count] = index
    hashes[count] = hash
    count += 1
  }

  @inline(__always)
  mutating func truncate(to newCount: Int) {
    count = newCount
  }

  private mutating func grow() {
    let newCapacity = capacity * 2
    indices = indices.moved(count: count, toCapacity: newCapacity + Self.padding)
    hashes = hashes.moved(count: count, toCapacity: newCapacity)
    capacity = newCapacity
  }

  func free() {
    indices.deallocate()
    hashes.deallocate()
  }
}
