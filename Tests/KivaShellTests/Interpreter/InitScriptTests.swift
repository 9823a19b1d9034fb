import Foundation
import Testing

@testable import KivaShell

/// `$XDG_CONFIG_HOME/kivash/init.kiva` runs first, quietly, past its errors (shown with
/// the line); `--no-init` skips it.
@Suite("Init script")
struct InitScriptTests {
  static func withInit(_ text: String, _ body: (URL) throws -> Void) throws {
    let directory = try TemporaryDirectory()
    let config = directory.url
    let folder = config.appendingPathComponent("kivash")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try text.write(
      to: folder.appendingPathComponent("init.kiva"), atomically: true, encoding: .utf8)
    try body(config)
  }

  @Test("the init script's commands apply, quietly; its errors show with the line")
  func runsFirst() throws {
    try Self.withInit("filter max 500\nfrobnicate\nquit\n") { config in
      let run = try BinaryRun.run(
        ["--no-persist", "-c", "count"], environment: ["XDG_CONFIG_HOME": config.path])
      let path = config.appendingPathComponent("kivash/init.kiva").path
      #expect(run.status == 0)
      #expect(
        run.output
          == "error: \(path):2: unknown command 'frobnicate' — type 'help' for a list\n5 loans\n")
    }
  }

  @Test("--no-init skips it")
  func skipped() throws {
    try Self.withInit("filter max 500\n") { config in
      let run = try BinaryRun.run(
        ["--no-persist", "--no-init", "-c", "count"],
        environment: ["XDG_CONFIG_HOME": config.path])
      #expect(run.output == "20 loans\n")
    }
  }

  @Test("--record skips it, so that --check replays the transcript as recorded")
  func recordSkipsIt() throws {
    try Self.withInit("filter max 500\nset width 60\n") { config in
      let transcript = config.appendingPathComponent("t.transcript")
      let environment = ["XDG_CONFIG_HOME": config.path]
      let record = try BinaryRun.run(
        ["--no-persist", "--record", transcript.path, "-c", "count"], environment: environment)
      #expect(record.output == "20 loans\n")
      let check = try BinaryRun.run(["--check", transcript.path], environment: environment)
      #expect(check.status == 0, "\(check.output)")
    }
  }

  @Test("no export writes over it, from the script itself or later")
  func protectedFromExport() throws {
    try Self.withInit("count\n") { config in
      let path = config.appendingPathComponent("kivash/init.kiva").path
      try "export \(path)\n".write(toFile: path, atomically: true, encoding: .utf8)
      let run = try BinaryRun.run(
        ["--no-persist", "-c", "export \(path)"], environment: ["XDG_CONFIG_HOME": config.path])
      #expect(run.status == 1)
      #expect(
        run.output
          == "error: \(path):1: cannot write '\(path)': it is kivash's init script; choose "
          + "another name — nothing was exported\n"
          + "error: cannot write '\(path)': it is kivash's init script; choose another name — "
          + "nothing was exported\n")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "export \(path)\n")
    }
  }

  @Test("set mode in the init script sets the mode of the session")
  func setsMode() throws {
    try Self.withInit("set mode json\n") { config in
      let run = try BinaryRun.run(
        ["--no-persist", "-c", "filter max 200; count"],
        environment: ["XDG_CONFIG_HOME": config.path])
      #expect(run.output == "showing 1 of 20 loans below $200\n1\n")
    }
  }

  @Test("the command line's settings win over the init script's; the others stay")
  func commandLineWins() throws {
    try Self.withInit("set mode table\nset color always\nset decoder foundation\nset width 60\n") {
      config in
      let environment = ["XDG_CONFIG_HOME": config.path]
      let given = try BinaryRun.run(
        ["--no-persist", "--csv", "--color", "never", "--decoder", "fast", "-c", "set"],
        environment: environment)
      #expect(
        given.output
          == "api      https://api.kivaws.org/v1/loans/newest.json\ndecoder  fast\nmode     csv\n"
          + "width    60\ncolor    never\n")
      let json = try BinaryRun.run(
        ["--no-persist", "--json", "-c", "count"], environment: environment)
      #expect(json.output == "20\n")
      let none = try BinaryRun.run(["--no-persist", "-c", "set"], environment: environment)
      #expect(
        none.output
          == "api      https://api.kivaws.org/v1/loans/newest.json\ndecoder  foundation\n"
          + "mode     table\nwidth    60\ncolor    always\n")
    }
  }

  @Test("where the init script is: XDG_CONFIG_HOME, else ~/.config")
  func location() {
    #expect(
      InitScript.url(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"]).path
        == "/x/config/kivash/init.kiva")
    #expect(
      InitScript.url(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]).path
        == "/home/a/.config/kivash/init.kiva")
  }

  @Test("an empty HOME is no home: the init script is not looked for in the current folder")
  func emptyHome() {
    // The tests run from the package, not the home folder: the two paths differ there.
    let home = FileManager.default.homeDirectoryForCurrentUser
    #expect(
      InitScript.url(environment: ["HOME": ""]).path
        == home.appendingPathComponent(".config/kivash/init.kiva").path)
  }
}
