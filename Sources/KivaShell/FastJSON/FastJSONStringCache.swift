#if canImport(Glibc)
  import Glibc
#endif

/// The strings of 16 to 64 bytes one thread decoded lately, by their bytes, so that a
/// value met again — a country, a town, an activity, a theme, coordinates — is shared
/// instead of allocated anew. Shorter strings live inside the `String` and cost no
/// allocation; longer ones are seldom repeated. A fixed number of slots, each holding
/// the last string whose bytes hashed to it: memory stays bounded whatever the input.
///
/// A pointer, not an object, so that reaching it retains nothing: its owner
/// (`FastJSONScratch`) frees it.
struct FastJSONStringCache {
  private static let slotCount = 4_096
  private let slots: UnsafeMutablePointer<String>
  /// `FastJSONSmallString.isAvailable`, read once for the decoding (a `static let` is
  /// checked for initialization at each use).
  let makesSmallStrings = FastJSONSmallString.isAvailable

  init() {
    slots = .allocate(capacity: Self.slotCount)
    slots.initialize(repeating: "", count: Self.slotCount)
  }

  /// Releases the strings and the slots; the cache must not be used again.
  func free() {
    slots.deinitialize(count: Self.slotCount)
    slots.deallocate()
  }

  /// Whether strings of `count` bytes are kept.
  @inline(__always)
  static func holds(_ count: Int) -> Bool {
    count >= 16 && count <= 64
  }

  /// The string kept for `bytes` (16 to 64 of them), if any.
  @inline(__always)
  func string(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let slot = slots + Self.slot(of: bytes)
    var kept = slot.pointee
    guard kept.utf8.count == bytes.count else { return nil }
    let same = kept.withUTF8 { stored in
      guard let storedBase = stored.baseAddress, let base = bytes.baseAddress else { return false }
      return memcmp(storedBase, base, bytes.count) == 0
    }
    return same ? kept : nil
  }

  /// Keeps `string`, whose UTF-8 is `bytes`, in place of what hashed to the same slot.
  @inline(__always)
  func keep(_ string: String, for bytes: UnsafeBufferPointer<UInt8>) {
    slots[Self.slot(of: bytes)] = string
  }

  /// A hash of the first and last eight bytes and the length.
  @inline(__always)
  private static func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let first = raw.loadUnaligned(as: UInt64.self)
    let last = raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
    let hash =
      (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(bytes.count)
    return Int(truncatingIfNeeded: (hash ^ (hash >> 29)) & UInt64(slotCount - 1))
  }
}
