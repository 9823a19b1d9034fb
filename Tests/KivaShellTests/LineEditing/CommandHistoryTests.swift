import Foundation
import Testing

@testable import KivaShell

struct CommandHistoryTests {
  @Test func missingFileStartsEmptyWithoutWarning() throws {
    let directory = try TemporaryDirectory()
    let history = CommandHistory(fileURL: directory.file("history"))
    #expect(history.entries.isEmpty)
    #expect(history.warning == nil)
    #expect(!FileManager.default.fileExists(atPath: directory.file("history").path))
  }

  @Test func recordsLinesAndAppendsThemToTheFileAtOnce() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state/kivash/history")  // parent directories are created
    let history = CommandHistory(fileURL: file)
    #expect(history.record("fetch"))
    #expect(history.record("search Marème"))
    #expect(history.entries == ["fetch", "search Marème"])
    #expect(try String(contentsOf: file, encoding: .utf8) == "fetch\nsearch Marème\n")
    #expect(history.warning == nil)
  }

  @Test func skipsEmptyBlankAndSpaceLedLines() throws {
    let history = CommandHistory(fileURL: nil)
    #expect(!history.record(""))
    #expect(!history.record("   "))
    #expect(!history.record("\t"))
    #expect(!history.record(" count"))
    #expect(!history.record("two\nlines"))
    #expect(history.record("count"))
    #expect(history.entries == ["count"])
  }

  @Test func skipsALineEqualToThePreviousOne() throws {
    let history = CommandHistory(fileURL: nil)
    #expect(history.record("count"))
    #expect(!history.record("count"))
    #expect(history.record("fetch"))
    #expect(history.record("count"))
    #expect(history.entries == ["count", "fetch", "count"])
  }

  @Test func dropsTrailingSpaceThatCompletionLeaves() throws {
    let history = CommandHistory(fileURL: nil)
    #expect(history.record("search Kenya "))
    #expect(!history.record("search Kenya"))
    #expect(history.entries == ["search Kenya"])
  }

  @Test func keepsOnlyTheLastCapacityEntries() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history")
    let history = CommandHistory(fileURL: file, capacity: 3)
    for number in 1...5 { history.record("command \(number)") }
    #expect(history.entries == ["command 3", "command 4", "command 5"])
    #expect(CommandHistory(fileURL: file, capacity: 3).entries == history.entries)
  }

  @Test func loadingKeepsOnlyTheLastCapacityLines() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history")
    try "one\ntwo\n\nthree\nfour\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(CommandHistory(fileURL: file, capacity: 2).entries == ["three", "four"])
    #expect(CommandHistory(fileURL: file).entries == ["one", "two", "three", "four"])
  }

  @Test func theFileIsRewrittenWithTheLastCapacityLinesWhenItGrowsPastTheSlack() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history")
    let history = CommandHistory(fileURL: file, capacity: 10)
    for number in 1...200 { history.record("command \(number)") }
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.count >= 10)
    #expect(lines.count <= 10 + 32 + 1)
    #expect(lines.last == "command 200")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(leftovers == ["history"])
  }

  @Test func historyPersistsAcrossInstances() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history")
    CommandHistory(fileURL: file).record("fetch")
    let second = CommandHistory(fileURL: file)
    #expect(second.entries == ["fetch"])
    second.record("count")
    #expect(!second.record("count"))
    #expect(CommandHistory(fileURL: file).entries == ["fetch", "count"])
  }

  @Test func aFileWithoutAFinalLineBreakIsAppendedToCleanly() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history")
    try "edited by hand".write(to: file, atomically: true, encoding: .utf8)
    CommandHistory(fileURL: file).record("count")
    #expect(CommandHistory(fileURL: file).entries == ["edited by hand", "count"])
  }

  @Test func unwritableLocationWarnsAndKeepsHistoryInMemory() throws {
    let directory = try TemporaryDirectory()
    // A regular file where a directory should be: fails even for root.
    try "".write(to: directory.file("blocker"), atomically: true, encoding: .utf8)
    let history = CommandHistory(fileURL: directory.file("blocker/kivash/history"))
    #expect(history.record("fetch"))
    let warning = try #require(history.warning)
    #expect(warning.contains("blocker/kivash/history"))
    #expect(!warning.contains("\n"))
    #expect(history.fileURL == nil)
    #expect(history.record("count"))
    #expect(history.entries == ["fetch", "count"])
  }

  @Test func aFileThatCannotBeCreatedWarnsOnFirstRecord() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history")
    let history = CommandHistory(fileURL: file)
    // The directory vanishes and a file takes its place after the history was loaded.
    try FileManager.default.removeItem(at: directory.url)
    try "".write(to: directory.url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: directory.url) }
    #expect(history.warning == nil)
    #expect(history.record("fetch"))
    #expect(history.warning?.contains("cannot write") == true)
    #expect(history.entries == ["fetch"])
  }

  @Test func unreadableFileWarnsAndKeepsHistoryInMemory() throws {
    let directory = try TemporaryDirectory()
    let history = CommandHistory(fileURL: directory.url)  // a directory cannot be read
    #expect(history.warning != nil)
    #expect(history.record("count"))
    #expect(history.entries == ["count"])
  }

  @Test func defaultFileFollowsTheEnvironment() {
    let explicit = CommandHistory.defaultFileURL(environment: [
      "KIVASH_HISTORY": "/tmp/h", "XDG_STATE_HOME": "/state", "HOME": "/home/u",
    ])
    #expect(explicit?.path == "/tmp/h")
    let disabled = CommandHistory.defaultFileURL(environment: [
      "KIVASH_HISTORY": "", "HOME": "/home/u",
    ])
    #expect(disabled == nil)
    let xdg = CommandHistory.defaultFileURL(environment: [
      "XDG_STATE_HOME": "/state", "HOME": "/home/u",
    ])
    #expect(xdg?.path == "/state/kivash/history")
    let home = CommandHistory.defaultFileURL(environment: ["HOME": "/home/u"])
    #expect(home?.path == "/home/u/.local/state/kivash/history")
    let relativeXDG = CommandHistory.defaultFileURL(environment: [
      "XDG_STATE_HOME": "state", "HOME": "/home/u",
    ])
    #expect(relativeXDG?.path == "/home/u/.local/state/kivash/history")
    #expect(CommandHistory.defaultFileURL(environment: [:]) == nil)
  }
}
