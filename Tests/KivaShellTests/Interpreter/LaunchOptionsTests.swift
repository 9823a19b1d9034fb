import Testing

@testable import KivaShell

@Suite("Command-line options")
struct LaunchOptionsTests {
  @Test("scripts, commands and flags")
  func parses() throws {
    var expected = LaunchOptions()
    expected.scriptPath = "demo.kiva"
    expected.echo = true
    expected.keepGoing = true
    #expect(try LaunchOptions.parse(["--echo", "-k", "demo.kiva"]) == expected)

    let commands = try LaunchOptions.parse(["-c", "fetch; list", "--color", "never"])
    #expect(commands.commands == "fetch; list")
    #expect(commands.color == .never)
    #expect(try LaunchOptions.parse(["--color=always"]).color == .always)
    #expect(try LaunchOptions.parse(["--version"]).action == .version)
    #expect(try LaunchOptions.parse(["-h"]).action == .help)
    #expect(try LaunchOptions.parse(["-"]).scriptPath == "-")
    // After '--', a name that starts with '-' is the script.
    #expect(try LaunchOptions.parse(["--", "-odd.kiva"]).scriptPath == "-odd.kiva")
    #expect(try LaunchOptions.parse(["-k", "--", "--echo"]).scriptPath == "--echo")
    #expect(try LaunchOptions.parse(["-k", "--", "--echo"]).echo == false)
    #expect(try LaunchOptions.parse(["--"]).scriptPath == nil)
  }

  @Test("--OPTION=VALUE for every option that takes a value; none for the others")
  func equalsForm() throws {
    #expect(try LaunchOptions.parse(["--decoder=foundation"]).decoder == .foundation)
    #expect(try LaunchOptions.parse(["--record=a=b.t"]).recordPath == "a=b.t")
    #expect(
      try LaunchOptions.parse(["--check=a.t", "b.t"]).action
        == .check(paths: ["a.t", "b.t"], update: false))
    #expect(throws: UsageError("'--decoder' takes fast or foundation, got 'slow'")) {
      try LaunchOptions.parse(["--decoder=slow"])
    }
    #expect(throws: UsageError("'--json' takes no value, got '--json=yes'")) {
      try LaunchOptions.parse(["--json=yes"])
    }
    #expect(throws: UsageError("unknown option '--decodr=fast' — did you mean '--decoder'?")) {
      try LaunchOptions.parse(["--decodr=fast"])
    }
  }

  @Test("every file named with --check is a transcript, in order; --help still wins")
  func checks() throws {
    #expect(
      try LaunchOptions.parse(["--check", "a.t", "--check", "b.t"]).action
        == .check(paths: ["a.t", "b.t"], update: false))
    #expect(
      try LaunchOptions.parse(["--check", "a.t", "b.t", "c.t", "--update"]).action
        == .check(paths: ["a.t", "b.t", "c.t"], update: true))
    #expect(
      try LaunchOptions.parse(["--check", "a.t", "--", "-b.t"]).action
        == .check(paths: ["a.t", "-b.t"], update: false))
    #expect(try LaunchOptions.parse(["--check", "a.t", "--help"]).action == .help)
    #expect(try LaunchOptions.parse(["--check", "a.t", "b.t"]).scriptPath == nil)
  }

  @Test(
    "usage errors",
    arguments: [
      (["--ech"], "unknown option '--ech' — did you mean '--echo'?"),
      (["-z"], "unknown option '-z' — see 'kivash --help'"),
      (["-c"], "'-c' needs commands — e.g. kivash -c 'fetch; list'"),
      (
        ["-c", "count", "-c", "list"],
        "'-c' is given twice — put all the commands in one, with ';' or lines"
      ),
      (["--color", "pink"], "'--color' takes auto, always or never, got 'pink'"),
      (["a.kiva", "b.kiva"], "only one SCRIPT can be given, got 'b.kiva' after 'a.kiva'"),
      (["--", "a.kiva", "-k"], "only one SCRIPT can be given, got '-k' after 'a.kiva'"),
      (["-c", "list", "a.kiva"], "give either -c COMMANDS or a SCRIPT, not both"),
      (["--json", "--csv"], "'--json' and '--csv' do not go together: choose one"),
      (["--decoder", "slow"], "'--decoder' takes fast or foundation, got 'slow'"),
      (["--decoder"], "'--decoder' needs fast or foundation"),
      (
        ["--record", "a.t", "--record", "b.t"],
        "'--record' is given twice ('a.t', 'b.t') — record one transcript a run"
      ),
      (
        ["--check", "a.t", "-c", "count"],
        "'--check' replays transcripts and runs no -c commands: give one or the other"
      ),
      (
        ["--record", "b.t", "--check", "a.t"],
        "'--check' and '--record' do not go together: record first, then check"
      ),
      (["--update", "a.t"], "'--update' goes with '--check FILE'"),
    ])
  func errors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try LaunchOptions.parse(arguments) }
  }
}
