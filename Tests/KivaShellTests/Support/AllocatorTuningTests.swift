import Testing

@testable import KivaShell

@Suite("Allocator settings")
struct AllocatorTuningTests {
  @Test("glibc takes the settings kivash makes at start")
  func settingsTaken() {
    #expect(AllocatorTuning.forLargeData())
  }
}
