import Foundation
import Testing

@testable import KivaShell

@Suite("Allocator settings")
struct AllocatorTuningTests {
  /// Under AddressSanitizer or ThreadSanitizer (`scripts/test --sanitize` sets their
  /// options), their allocator stands in for glibc's and answers mallopt with 0.
  static let underSanitizer = ProcessInfo.processInfo.environment.keys.contains {
    $0 == "ASAN_OPTIONS" || $0 == "TSAN_OPTIONS"
  }

  @Test(
    "glibc takes the settings kivash makes at start",
    .disabled(if: underSanitizer, "a sanitizer's allocator ignores mallopt"))
  func settingsTaken() {
    #expect(AllocatorTuning.forLargeData())
  }
}
