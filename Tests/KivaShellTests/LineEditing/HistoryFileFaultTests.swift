import Foundation
import Testing

@testable import KivaShell

/// A history "file" that is a device is never read forever, and a huge one costs only
/// its end; either way the shell starts, history kept in memory when it must.
@Suite("History file faults")
struct HistoryFileFaultTests {
  @Test(
    "a device as the history file: history in memory, one warning",
    arguments: ["/dev/full", "/dev/zero"])
  func device(path: String) {
    let history = CommandHistory(fileURL: URL(fileURLWithPath: path))
    #expect(history.entries.isEmpty)
    #expect(history.fileURL == nil)
    #expect(
      history.takeWarning()
        == "cannot read history file \(path): it is not a regular file; "
        + "history is kept for this session only")
    #expect(history.takeWarning() == nil)
    #expect(history.record("count"))
    #expect(history.entries == ["count"])
  }

  @Test("a history file of many megabytes: its newest lines")
  func huge() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history")
    let lines = (0..<400_000).map { "search word number \($0)" }
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    #expect(
      try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        > HistoryFile.maximumReadBytes)
    let history = CommandHistory(fileURL: file, capacity: 3)
    #expect(history.entries == lines.suffix(3).map { $0 })
    #expect(history.takeWarning() == nil)
  }
}

@Suite("History file faults: writing")
struct HistoryWriteFaultTests {
  @Test("a history file that cannot be created: kept in memory, one warning")
  func uncreatable() {
    // /proc refuses new folders, even to root.
    let history = CommandHistory(fileURL: URL(fileURLWithPath: "/proc/self/kivash/history"))
    #expect(history.takeWarning() == nil)
    #expect(history.record("count"))
    #expect(history.record("list"))
    let warning = history.takeWarning()
    #expect(warning?.hasPrefix("cannot ") == true, "\(warning ?? "none")")
    #expect(warning?.hasSuffix("history is kept for this session only") == true)
    #expect(history.takeWarning() == nil)
    #expect(history.entries == ["count", "list"])
  }
}
