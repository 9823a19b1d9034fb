import Foundation

/// A growable run of `UInt32` in manually managed memory: the scanner appends to it
/// millions of times, and `Array`'s uniqueness and bounds checks cost more than the work.
///
/// Not copyable in spirit: exactly one owner frees it (see `FastJSONDocument`).
struct FastJSONWords {
  private(set) var base: UnsafeMutablePointer<UInt32>
  private(set) var count = 0
  private(set) var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
    Self.adviseHugePages(base, capacity: self.capacity)
  }

  /// Asks Linux to back a large buffer with huge pages: the tape of a big input is
  /// touched once, front to back, and 4 KB page faults would cost more than the scan.
  static func adviseHugePages(_ base: UnsafeMutablePointer<UInt32>, capacity: Int) {
    let bytes = capacity * MemoryLayout<UInt32>.stride
    guard bytes >= 4 << 20 else { return }
    MemoryAdvice.advise(base, bytes: bytes, MADV_HUGEPAGE, on: .inside)
  }

  /// Appends one word.
  @inline(__always)
  mutating func append(_ word: UInt32) {
    if count == capacity { grow(minimum: count + 1) }
    base[count] = word
    count += 1
  }

  /// Appends `n` words, to be set by the caller, and returns the index of the first.
  @inline(__always)
  mutating func grow(by n: Int) -> Int {
    if count + n > capacity { grow(minimum: count + n) }
    let start = count
    count += n
    return start
  }

  /// Appends the words `source[range]` of another buffer; up to three words after the
  /// range are read too, so `source` must have room for them (see `FastJSONKeyStack`).
  @inline(__always)
  mutating func append(copying range: Range<Int>, of source: UnsafeMutablePointer<UInt32>) {
    // An object's keys, mostly: a few words, copied four at a time without a call.
    if range.count <= 32 && count &+ 32 <= capacity {
      var from = range.lowerBound
      var to = count
      while from < range.upperBound {
        UnsafeMutableRawPointer(base + to).storeBytes(
          of: UnsafeRawPointer(source + from).loadUnaligned(as: SIMD4<UInt32>.self),
          as: SIMD4<UInt32>.self)
        from &+= 4
        to &+= 4
      }
      count &+= range.count
      return
    }
    appendSlowly(copying: range, of: source)
  }

  @inline(never)
  private mutating func appendSlowly(
    copying range: Range<Int>, of source: UnsafeMutablePointer<UInt32>
  ) {
    if count + range.count > capacity {
      // `source` may be this buffer's own memory, which growing would free.
      let copy = UnsafeMutablePointer<UInt32>.allocate(capacity: max(range.count, 1))
      copy.initialize(from: source + range.lowerBound, count: range.count)
      grow(minimum: count + range.count)
      (base + count).initialize(from: copy, count: range.count)
      copy.deallocate()
    } else {
      (base + count).update(from: source + range.lowerBound, count: range.count)
    }
    count += range.count
  }

  /// Takes over memory a caller grew with `grow(_:capacity:count:)`.
  mutating func adopt(base: UnsafeMutablePointer<UInt32>, count: Int, capacity: Int) {
    self.base = base
    self.count = count
    self.capacity = capacity
  }

  /// Doubles the memory at `base` (of which `count` words are used), for callers that
  /// keep a buffer's pointer and count in locals.
  @inline(never)
  static func grow(
    _ base: inout UnsafeMutablePointer<UInt32>, capacity: inout Int, count: Int
  ) {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
    adviseHugePages(newBase, capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Drops words from the end, down to `newCount`.
  @inline(__always)
  mutating func truncate(to newCount: Int) {
    count = newCount
  }

  @inline(__always)
  subscript(index: Int) -> UInt32 {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }

  private mutating func grow(minimum: Int) {
    var newCapacity = capacity * 2
    while newCapacity < minimum { newCapacity *= 2 }
    base = base.moved(count: count, toCapacity: newCapacity)
    capacity = newCapacity
  }

  /// Frees the memory; the buffer must not be used afterwards.
  func free() {
    base.deallocate()
  }
}

/// The bytes being decoded and their structural index, shared by every decoder and
/// container of one `FastJSONDecoder.decode` call — and, read-only, by the threads of a
/// concurrent decode (each thread keeps its own `FastJSONScratch`).
///
/// The bytes normally belong to the caller's `Data` and are valid only during the call;
/// if a decoder or container escapes the call, `takeOwnershipOfBytes()` copies them.
final class FastJSONDocument {
  /// Unchecked exclusivity: read on every value access, written only by
  /// `takeOwnershipOfBytes()` once decoding is over.
  @exclusivity(unchecked) private(set) var bytes: UnsafePointer<UInt8>
  let count: Int
  /// The structural index: see `FastJSONScanner` for its layout.
  let tape: UnsafeMutablePointer<UInt32>
  let tapeCount: Int
  /// For each object, the tape indices of its keys in order (see `FastJSONScanner`).
  let members: UnsafeMutablePointer<UInt32>
  private var ownedBytes: UnsafeMutablePointer<UInt8>?

  init(bytes: UnsafePointer<UInt8>, count: Int, tape: FastJSONWords, members: FastJSONWords) {
    self.bytes = bytes
    self.count = count
    self.tape = tape.base
    self.tapeCount = tape.count
    self.members = members.base
  }

  deinit {
    tape.deallocate()
    members.deallocate()
    ownedBytes?.deallocate()
  }

  /// The tape index just past value `value`: the next element of its array (or the
  /// array's end).
  @inline(__always)
  func index(after value: UInt32) -> UInt32 {
    switch bytes[Int(tape[Int(value)])] {
    case FastJSONByte.openBrace, FastJSONByte.openBracket: tape[Int(value) + 2]
    case FastJSONByte.quote: value + UInt32(FastJSONTape.stringWords)
    default: value + 1
    }
  }

  /// Where the contents of string value `value` end, and what they hold, as the scanner
  /// found them.
  @inline(__always)
  func stringEnd(of value: UInt32) throws(FastJSONInvalid) -> FastJSONStringScan.End {
    let start = Int(tape[Int(value)]) &+ 1
    if let end = FastJSONTape.stringEnd(tape[Int(value) &+ 1], start: start) { return end }
    return try FastJSONStringScan.end(of: bytes, count: count, from: start)
  }

  /// The tape index of every `stride`-th element of array `array`, from the first.
  func elementStarts(of array: UInt32, every stride: Int) -> [UInt32] {
    let count = Int(tape[Int(array) + 1])
    let stride = max(stride, 1)
    guard count > 0 else { return [] }
    // The last start is that of element `last`: the walk stops there, so one start (a
    // stride of `count` or more) costs nothing however long the array.
    let last = (count - 1) / stride * stride
    var starts: [UInt32] = []
    starts.reserveCapacity(last / stride + 1)
    var cursor = array + UInt32(FastJSONTape.arrayWords)
    starts.append(cursor)
    var untilNext = stride
    for _ in 0..<last {
      cursor = self.index(after: cursor)
      untilNext -= 1
      if untilNext == 0 {
        starts.append(cursor)
        untilNext = stride
      }
    }
    return starts
  }

  /// Called when the caller is done with the bytes and may free or reuse them: a decoder
  /// or container a decoded value kept still holds `document`, which then takes a copy.
  static func endUseOfBytes(_ document: inout FastJSONDocument) {
    if !isKnownUniquelyReferenced(&document) { document.takeOwnershipOfBytes() }
  }

  /// Copies the bytes into memory this document owns, for decoders that outlive the call.
  func takeOwnershipOfBytes() {
    guard ownedBytes == nil else { return }
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
    copy.initialize(from: bytes, count: count)
    ownedBytes = copy
    bytes = UnsafePointer(copy)
  }
}

/// What one thread's decoding learns as it goes: where keys were found, and keys
/// converted from snake case. Never shared between threads.
final class FastJSONScratch {
  /// Key queries, and where each key was last found: Codable models read the same keys
  /// of same-shaped objects over and over.
  let keyQueries = FastJSONKeyQueryCache()
  /// Keys converted from snake case, by their JSON spelling.
  @exclusivity(unchecked) var snakeCaseKeys: [String: String] = [:]
  /// Strings decoded lately.
  let strings = FastJSONStringCache()

  deinit {
    strings.free()
  }
}

extension UnsafeMutablePointer {
  /// New memory for `capacity` values, holding the first `count` values of this memory,
  /// moved; this memory is freed.
  func moved(count: Int, toCapacity capacity: Int) -> UnsafeMutablePointer<Pointee> {
    let newBase = UnsafeMutablePointer<Pointee>.allocate(capacity: capacity)
    newBase.moveInitialize(from: self, count: count)
    deallocate()
    return newBase
  }
}
