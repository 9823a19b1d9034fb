import Foundation
import Testing

@testable import KivaShell

@Suite("FastJSON on Kiva-shaped data")
struct FastJSONSpeedTests {
  static func snapshot() throws -> Data {
    try FastJSONFixtureTests.fixture("newest-2012-06-12.json")
  }

  @Test("generated loans decode to the same store as with JSONDecoder")
  func generatedLoans() throws {
    let data = try FastJSONKivaData.response(loans: 3_000, snapshot: try Self.snapshot())
    var fast = FastJSONDecoder()
    fast.dateDecodingStrategy = .iso8601
    let expected = try LoanStore.makeDecoder().decode(LoanStore.self, from: data)
    let store = try fast.decode(LoanStore.self, from: data)
    #expect(store.loans.count == 3_000)
    #expect(store.loans == expected.loans)
    #expect(store.skipped == expected.skipped)
    #expect(store.paging == expected.paging)
  }

  /// Prints throughput when `KIVASH_PRINT_SPEED=1` (`KIVASH_SPEED_LOANS` sets the size,
  /// 100 000 by default); asserts nothing about time. Meaningful in release builds only.
  @Test("throughput, printed on request")
  func throughput() throws {
    let environment = ProcessInfo.processInfo.environment
    guard environment["KIVASH_PRINT_SPEED"] == "1" else { return }
    let count = environment["KIVASH_SPEED_LOANS"].flatMap { Int($0) } ?? 100_000
    let data = try FastJSONKivaData.response(loans: count, snapshot: try Self.snapshot())
    let megabytes = Double(data.count) / 1_000_000
    var fast = FastJSONDecoder()
    fast.dateDecodingStrategy = .iso8601
    let fastSeconds =
      try (0..<3).map { _ in
        try Self.seconds { _ = try fast.decode(LoanStore.self, from: data) }
      }.min() ?? 0
    let foundationSeconds = try Self.seconds {
      _ = try LoanStore.makeDecoder().decode(LoanStore.self, from: data)
    }
    print(
      String(
        format:
          "FastJSON: %d loans, %.1f MB: FastJSONDecoder %.0f MB/s, JSONDecoder %.0f MB/s (%.1f×)",
        count, megabytes, megabytes / fastSeconds, megabytes / foundationSeconds,
        foundationSeconds / fastSeconds))
  }

  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
