import CFuzzDriver
import Foundation
import KivaShell

/// libFuzzer's entry point: one input is the content of a history file.
///
/// The file is loaded with a small capacity, a line is recorded (which appends, and
/// rewrites the file once it is long), and the file is loaded again. Findings: a trap, a
/// sanitizer report, an entry that `record` would refuse (empty, with a line break), more
/// entries than the capacity, a warning (the file is always readable here), or a reload
/// that differs from what the first history holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistory(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let url = HistoryFuzzing.fileURL
  guard HistoryFuzzing.write(UnsafeRawBufferPointer(start: data, count: size), to: url) else {
    kivash_fuzz_fail("cannot write the history file \(url.path)")
  }
  // Small enough that inputs of a few dozen lines reach the rewrite.
  let capacity = 8
  let history = CommandHistory(fileURL: url, capacity: capacity)
  expect(history.warning == nil, "warning: \(history.warning ?? "")")
  expect(history.entries.count <= capacity, "\(history.entries.count) entries")
  for entry in history.entries {
    expect(!entry.isEmpty && !entry.contains(where: \.isNewline), "entry \(entry.debugDescription)")
  }
  let line = size % 2 == 0 ? "list" : "search kenya"
  history.record(line)
  expect(history.entries.last == line, "recorded \(line), last is \(history.entries.last ?? "")")
  let reloaded = CommandHistory(fileURL: url, capacity: capacity)
  expect(
    reloaded.entries == history.entries,
    "reloaded \(reloaded.entries.debugDescription), kept \(history.entries.debugDescription)")
  return 0
}

/// Traps with `message` unless `condition` holds.
private func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { kivash_fuzz_fail(message()) }
}

private enum HistoryFuzzing {
  /// A file of this process's own, in a directory of its own.
  static let fileURL: URL = {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-fuzz-history-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("history")
  }()

  /// Replaces the file's content with `bytes`.
  static func write(_ bytes: UnsafeRawBufferPointer, to url: URL) -> Bool {
    (try? Data(bytes).write(to: url)) != nil
  }
}
