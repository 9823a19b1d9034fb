import Foundation
import Testing

/// Places kivash cannot write: data stays in memory with one warning.
@Suite("faults", .serialized)
struct FaultTests {
  @Test("a data directory that cannot be written: one warning, favourites work in memory")
  func unwritableDataDirectory() throws {
    let run = try BinaryRun.run(
      ["-c", "use landmarks; fav 2; favs"],
      environment: ["KIVASH_DATA_DIR": "/proc/self/kivash"])
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix("warning: can't open '/proc/self/kivash/kivash.sqlite3': ") == true
        && lines.first?.hasSuffix(
          "; favourites, categories, searches and models will not be saved this run") == true,
      "\(run.output)")
    #expect(lines.filter { $0.hasPrefix("warning") }.count == 1)
    #expect(lines.contains { $0.hasPrefix("★ Silver Salmon Creek ") })
    #expect(run.status == 0)
  }
}
