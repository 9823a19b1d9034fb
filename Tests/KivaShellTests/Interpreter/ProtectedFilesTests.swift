import Foundation
import Testing

@testable import KivaShell

/// The files a run keeps its data in are recognized under any name, and nothing else is.
@Suite("Protected files")
struct ProtectedFilesTests {
  @Test("a protected file is found by another spelling, a link, or before it exists")
  func sameFileByAnyName() throws {
    let directory = try TemporaryDirectory()
    let folder = directory.url.path
    let database = folder + "/data/kivash.sqlite3"
    try FileManager.default.createDirectory(
      atPath: folder + "/data", withIntermediateDirectories: true)
    try Data("db".utf8).write(to: URL(fileURLWithPath: database))
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link", withDestinationPath: database)
    var files = ProtectedFiles()
    files.add(database, as: "the database")
    files.add(folder + "/history", as: "the history file")

    #expect(files.role(of: database) == "the database")
    #expect(files.role(of: folder + "/data/../data/kivash.sqlite3") == "the database")
    #expect(files.role(of: folder + "/link") == "the database")
    // Not written yet: the same path, spelled another way, or through a linked folder
    // ("linked/.." is the parent of the folder the link points to, as the system reads it).
    #expect(files.role(of: folder + "/data/../history") == "the history file")
    try FileManager.default.createDirectory(
      atPath: folder + "/deep/inner", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/data/inner-link", withDestinationPath: folder + "/deep/inner")
    files.add(folder + "/deep/journal", as: "a journal")
    #expect(files.role(of: folder + "/data/inner-link/../journal") == "a journal")
    #expect(files.role(of: folder + "/data/journal") == nil)
    #expect(files.role(of: folder + "/data/other.json") == nil)
    #expect(files.role(of: folder + "/history2") == nil)
  }
}

/// `export` and `--record` refuse to write over the data kivash keeps.
@Suite("Writing over kivash's own files")
struct ProtectedFilesBinaryTests {
  @Test("export onto the database fails, and the favourite is still saved")
  func exportOntoTheDatabase() throws {
    let run = try BinaryRun.shell(
      #""$0" -c 'fav 3'; "$0" -c "export $KIVASH_DATA_DIR/kivash.sqlite3"; echo "status $?"; "$0" -c favs"#
    )
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 5, "\(run.output)")
    #expect(lines.first == "★ Tamaz (Georgia, $2,150) is now a favourite")
    #expect(
      lines.dropFirst().first?.hasSuffix(
        "/kivash.sqlite3': it is kivash's database of favourites, categories and models; "
          + "choose another name — nothing was exported") == true, "\(run.output)")
    #expect(lines.dropFirst().first?.hasPrefix("error: cannot write '") == true)
    #expect(lines.dropFirst(2).first == "status 1")
    #expect(lines.last == "  1 ★ Tamaz  Georgia  to purchase calves  $2,150", "\(run.output)")
  }

  @Test("with --no-persist too, export leaves the user's database alone")
  func exportOntoTheDatabaseWithoutPersisting() throws {
    let run = try BinaryRun.shell(
      #""$0" -c 'fav 3' >/dev/null; "$0" --no-persist -c "export $KIVASH_DATA_DIR/kivash.sqlite3"; echo "status $?"; "$0" -c favs"#
    )
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("error: cannot write '") == true, "\(run.output)")
    #expect(lines.dropFirst().first == "status 1")
    #expect(lines.last == "  1 ★ Tamaz  Georgia  to purchase calves  $2,150", "\(run.output)")
  }

  @Test("a script cannot export over itself")
  func exportOverTheScript() throws {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("s.kiva")
    try "count\nexport s.kiva\n".write(to: script, atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(["s.kiva"], in: directory.url)
    #expect(
      run.output
        == "20 loans\nerror: s.kiva:2: cannot write 's.kiva': it is the script being run; "
        + "choose another name — nothing was exported\n")
    #expect(run.status == 1)
    #expect(try String(contentsOf: script, encoding: .utf8) == "count\nexport s.kiva\n")
  }

  @Test("a sourced script cannot be exported over while it runs; once it is done, it can")
  func exportOverASourcedScript() throws {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("inner.kiva")
    let text = "count\nexport inner.kiva\n"
    try text.write(to: script, atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(["--no-persist", "-c", "source inner.kiva"], in: directory.url)
    #expect(
      run.output
        == "20 loans\nerror: inner.kiva:2: cannot write 'inner.kiva': it is a script being "
        + "run; choose another name — nothing was exported\n")
    #expect(run.status == 1)
    #expect(try String(contentsOf: script, encoding: .utf8) == text)
    try "count\n".write(to: script, atomically: true, encoding: .utf8)
    let after = try BinaryRun.run(
      ["--no-persist", "-c", "source inner.kiva; export inner.kiva"], in: directory.url)
    #expect(after.status == 0)
    #expect(try String(contentsOf: script, encoding: .utf8).hasPrefix("{"))
  }

  @Test("--record onto the script, or into no folder, is refused before anything runs")
  func recordTargets() throws {
    let directory = try TemporaryDirectory()
    let script = directory.url.appendingPathComponent("s.kiva")
    try "fav 3\n".write(to: script, atomically: true, encoding: .utf8)
    let over = try BinaryRun.run(["--record", "s.kiva", "s.kiva"], in: directory.url)
    #expect(
      over.output
        == "error: --record 's.kiva' would write over the script being run; give another file\n")
    #expect(over.status == 2)
    #expect(try String(contentsOf: script, encoding: .utf8) == "fav 3\n")

    let nowhere = try BinaryRun.run(
      ["--record", "missing/t.transcript", "-c", "fav 3"], in: directory.url)
    #expect(
      nowhere.output == "error: --record 'missing/t.transcript': there is no folder 'missing'\n")
    #expect(nowhere.status == 2)

    for name in ["", "."] {
      let folder = try BinaryRun.run(["--record", name, "-c", "fav 3"], in: directory.url)
      #expect(
        folder.output
          == "error: --record '\(name)' is not a file name — e.g. kivash --record demo.transcript\n"
      )
      #expect(folder.status == 2)
    }
  }
}
