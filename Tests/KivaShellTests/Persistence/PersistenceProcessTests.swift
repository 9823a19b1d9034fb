import Foundation
import Glibc
import Testing

@testable import KivaShell

/// The real `kivash` binary sharing one database between processes: no lost updates,
/// nothing lost or damaged by SIGKILL, and a damaged file left alone.
@Suite("persistence across kivash processes")
struct PersistenceProcessTests {
  /// How long any one of these tests may wait on the shells.
  static let timeLimit: Duration = .seconds(120)

  @Test("what a run saved is in the database file itself once it ends, not only in its log")
  func settledAtExit() throws {
    let folder = try TemporaryDirectory()
    let environment = ["KIVASH_DATA_DIR": folder.url.path]
    let run = try BinaryRun.run(
      ["-c", "fav 1; category add Potting; search kenya"], environment: environment)
    #expect(run.status == 0, "\(run.output)")
    // A backup of the file the README names, without the -wal and -shm beside it.
    let copy = folder.file("copy.sqlite3")
    try FileManager.default.copyItem(at: folder.file("kivash.sqlite3"), to: copy)
    let connection = try SQLiteConnection(path: copy.path, create: false)
    #expect(try connection.integer("SELECT count(*) FROM favorites WHERE is_favorite = 1") == 1)
    #expect(try connection.integer("SELECT count(*) FROM categories WHERE name = 'Potting'") == 1)
    #expect(try connection.integer("SELECT count(*) FROM searches") == 1)
  }

  @Test("a run that a closed or full output ends settles the database file too")
  func settledWhenOutputFails() throws {
    let folder = try TemporaryDirectory()
    let data = folder.url.path
    // A pipe that head closes after one byte, with far more written into it than the
    // pipe and the output buffer hold: SIGPIPE's status. Then a full disk's.
    let lists = Array(repeating: "list all", count: 300).joined(separator: "; ")
    let run = try BinaryRun.shell(
      """
      { KIVASH_DATA_DIR='\(data)' "$0" -c 'category add Piped; \(lists)'; echo "piped $?" >&2; } \
        | head -c 1 >/dev/null
      KIVASH_DATA_DIR='\(data)' "$0" -c 'category add Full; list' >/dev/full 2>/dev/null
      echo "full $?" >&2
      """)
    #expect(run.output == "piped 141\nfull 1\n")
    let copy = folder.file("copy.sqlite3")
    try FileManager.default.copyItem(at: folder.file("kivash.sqlite3"), to: copy)
    let connection = try SQLiteConnection(path: copy.path, create: false)
    #expect(
      try connection.integer("SELECT count(*) FROM categories WHERE name IN ('Piped', 'Full')")
        == 2)
  }

  @Test("a first run that saved nothing leaves the schema and categories in the file too")
  func settledAfterSetUp() throws {
    let folder = try TemporaryDirectory()
    let run = try BinaryRun.run(["-c", "count"], environment: ["KIVASH_DATA_DIR": folder.url.path])
    #expect(run.status == 0, "\(run.output)")
    let copy = folder.file("copy.sqlite3")
    try FileManager.default.copyItem(at: folder.file("kivash.sqlite3"), to: copy)
    let connection = try SQLiteConnection(path: copy.path, create: false)
    #expect(try connection.integer("SELECT count(*) FROM categories") == 8)
  }

  @Test("two shells toggling different landmarks at once lose neither's favourite")
  func concurrentToggles() throws {
    let folder = try TemporaryDirectory()
    let environment = ["KIVASH_DATA_DIR": folder.url.path]
    // 21 toggles each: both landmarks end up favourites (neither is one in the data).
    func script(row: Int) -> String {
      (["use landmarks"] + Array(repeating: "list; fav \(row)", count: 21)).joined(separator: "; ")
    }
    let twinLake = try ShellProcess(["-c", script(row: 5)], environment: environment)
    let lakeMcDonald = try ShellProcess(["-c", script(row: 6)], environment: environment)
    let deadline = ContinuousClock.now + Self.timeLimit
    #expect(twinLake.finish(deadline: deadline) && lakeMcDonald.finish(deadline: deadline))

    for (shell, name) in [(twinLake, "Twin Lake"), (lakeMcDonald, "Lake McDonald")] {
      #expect(shell.process.terminationStatus == 0, "\(shell.text)")
      let marked = shell.lines.filter {
        $0.hasPrefix("★ \(name) ") && $0.hasSuffix(" is now a favourite")
      }
      let unmarked = shell.lines.filter {
        $0.hasPrefix("☆ \(name) ") && $0.hasSuffix(" is no longer a favourite")
      }
      #expect(marked.count == 11 && unmarked.count == 10, "\(shell.text)")
      #expect(!shell.text.contains("error") && !shell.text.contains("warning"), "\(shell.text)")
    }

    let favourites = try BinaryRun.run(["-c", "use landmarks; favs"], environment: environment)
    #expect(favourites.status == 0)
    for name in ["Twin Lake", "Lake McDonald"] {
      #expect(
        favourites.output.split(separator: "\n").contains { $0.contains("★ \(name)") },
        "\(favourites.output)")
    }
  }

  @Test("categories acknowledged before a SIGKILL are all in a sound database")
  func killedMidStream() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    let shell = try ShellProcess(
      [], environment: ["KIVASH_DATA_DIR": folder.url.path], takesInput: true)
    shell.send("use categories\n")
    for number in 1...2000 {
      shell.send("category add Bin\(number)\n")
    }
    let deadline = ContinuousClock.now + Self.timeLimit
    let enough = ShellProcess.pump(
      [shell], until: { Self.acknowledged(shell.lines).count >= 50 }, deadline: deadline)
    shell.killNow()
    #expect(shell.finish(deadline: deadline))
    try #require(enough, "fewer than 50 adds acknowledged:\n\(shell.text)")
    // Whatever it printed before dying, it had committed.
    let acknowledged = Self.acknowledged(shell.lines)

    let store = try SQLiteUserDataStore.open(at: file)
    #expect(try store.connection.texts("PRAGMA integrity_check") == ["ok"])
    let names = Set(try store.categories().map(\.name))
    #expect(acknowledged.subtracting(names).isEmpty)
    #expect(names.isSuperset(of: Category.presets.map(\.name)))
  }

  @Test("a damaged database: a warning, favourites work for the run, the file untouched")
  func damagedFile() throws {
    let folder = try TemporaryDirectory()
    let environment = ["KIVASH_DATA_DIR": folder.url.path]
    let file = try #require(UserDataLocation.defaultFileURL(environment: environment))
    try PersistenceDamageTests.garbage.write(to: file)
    let before = try FileSnapshot(file)

    let run = try BinaryRun.run(["-c", "use landmarks; fav 2; favs"], environment: environment)
    #expect(run.status == 0, "\(run.output)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasPrefix("warning: can't open '\(file.path)': ")
          && $0.hasSuffix(
            "; favourites, categories, searches and models will not be saved this run")
      }, "\(run.output)")
    #expect(
      lines.contains {
        $0.hasPrefix("★ Silver Salmon Creek ") && $0.hasSuffix(" is now a favourite")
      },
      "\(run.output)")
    #expect(
      lines.contains { $0.contains("★ Silver Salmon Creek") && !$0.hasSuffix("favourite") },
      "favs lists it: \(run.output)")
    #expect(try FileSnapshot(file) == before)
  }

  /// The `BinN` names on lines that report an add: not errors or warnings, and not an
  /// echo of the command itself.
  static func acknowledged(_ lines: [String]) -> Set<String> {
    var names: Set<String> = []
    for line in lines
    where !line.hasPrefix("error") && !line.hasPrefix("warning") && !line.contains("category add") {
      for word in line.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      where word.hasPrefix("Bin") && Int(word.dropFirst(3)) != nil {
        names.insert(String(word))
      }
    }
    return names
  }
}
