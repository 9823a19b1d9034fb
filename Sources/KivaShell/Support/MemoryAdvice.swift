import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Advice to Linux about memory the program owns (madvise), given page by page; the
/// kernel may refuse it, which changes nothing but speed.
enum MemoryAdvice {
  /// Which pages of a range the advice covers.
  enum Pages {
    /// Only pages wholly inside the range (advice that changes how a page is backed).
    case inside
    /// Every page the range touches (advice that only faults pages in early).
    case touched
  }

  /// The system's page size.
  static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)

  /// Gives `advice` for the `bytes` bytes at `start`, on the `pages` of them.
  static func advise(_ start: UnsafeRawPointer, bytes: Int, _ advice: Int32, on pages: Pages) {
    #if os(Linux)
      guard bytes > 0 else { return }
      let mask = ~(pageSize - 1)
      let address = Int(bitPattern: start)
      let first = pages == .inside ? (address + pageSize - 1) & mask : address & mask
      let end = pages == .inside ? (address + bytes) & mask : address + bytes
      guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(pointer, end - first, advice)
    #endif
  }
}
