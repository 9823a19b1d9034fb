import Foundation
import Testing

@testable import KivaShell

/// The man page, the completion scripts and the README's command reference are written
/// from the help texts; each checked-in file must be what the help texts give today.
/// `KIVASH_RECORD=1 scripts/test` rewrites them after a change to the help.
@Suite("Docs written from the help texts")
struct DocsTests {
  static let root = TestPaths.testsFolder.deletingLastPathComponent().deletingLastPathComponent()

  static let generatedPaths = [
    "docs/kivash.1", "completions/kivash.bash", "completions/_kivash", "completions/kivash.fish",
  ]

  /// What the file at `path` is generated from.
  static func generated(_ path: String) -> String? {
    switch path {
    case "docs/kivash.1": ManPage.render()
    case "completions/kivash.bash": CompletionScripts.bash()
    case "completions/_kivash": CompletionScripts.zsh()
    case "completions/kivash.fish": CompletionScripts.fish()
    default: nil
    }
  }

  static var recording: Bool { ProcessInfo.processInfo.environment["KIVASH_RECORD"] == "1" }

  @Test("each generated file matches the help texts", arguments: generatedPaths)
  func generatedFile(path: String) throws {
    let url = Self.root.appendingPathComponent(path)
    let text = try #require(Self.generated(path))
    if Self.recording {
      try text.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let onDisk = try String(contentsOf: url, encoding: .utf8)
    let diff =
      UnifiedDiff.text(expected: onDisk, actual: text, expectedName: path, actualName: "help texts")
      ?? ""
    #expect(onDisk == text, "\(path) is out of date — run KIVASH_RECORD=1 scripts/test:\n\(diff)")
  }

  @Test("the README's command reference matches the help texts")
  func readme() throws {
    let url = Self.root.appendingPathComponent("README.md")
    let readme = try String(contentsOf: url, encoding: .utf8)
    let updated = try #require(CommandReference.updating(readme), "README.md lacks the markers")
    if Self.recording {
      try updated.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      readme == updated,
      "README.md's command reference is out of date — run KIVASH_RECORD=1 scripts/test")
  }

  @Test("the README's session is what kivash prints")
  func readmeSession() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let afterHeading = try #require(readme.components(separatedBy: "## A session\n").last)
    let blocks = afterHeading.components(separatedBy: "```\n")
    try #require(blocks.count > 2, "README.md's session has no code block")
    let lines = blocks[1].split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count > 2 && lines[0] == "$ scripts/kivash")
    #expect(lines[1] == Launcher.banner(.withBuiltInData()))
    // The rest is a transcript at a width of 100 columns: 'kivash --check' replays it.
    let directory = try TemporaryDirectory()
    let transcript =
      "# kivash transcript: check with 'kivash --check FILE'\n# width: 100\n"
      + lines.dropFirst(2).joined(separator: "\n")
    try transcript.write(
      to: directory.url.appendingPathComponent("readme.transcript"), atomically: true,
      encoding: .utf8)
    let run = try BinaryRun.run(["--check", "readme.transcript"], in: directory.url)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.hasSuffix(", output as recorded\n"), "\(run.output)")
  }

  @Test("every command and option is in the man page")
  func manPageCoversEverything() {
    let page = ManPage.render()
    for command in CommandRegistry.all {
      #expect(page.contains(#"\fB"# + ManPage.escape(command.spec.usage)), "\(command.spec.name)")
    }
    for option in LaunchOptions.options {
      #expect(page.contains(ManPage.escape(option.flags[0])), "\(option.flags[0])")
    }
  }

  @Test("the man page's FILES and ENVIRONMENT name the paths the code uses")
  func manPageNamesRealPaths() {
    let page = ManPage.render()
    // A variable's name as a folder stands for the variable, as the page writes it.
    let xdg = ["XDG_DATA_HOME": "/XDG_DATA_HOME", "XDG_STATE_HOME": "/XDG_STATE_HOME"]
    func named(_ url: URL?) -> String {
      "$" + (url?.path.dropFirst() ?? "")
    }
    let database = named(UserDataLocation.defaultFileURL(environment: xdg))
    let cache = named(ResponseCache.defaultDirectory(environment: xdg))
    let history = named(CommandHistory.defaultFileURL(environment: xdg))
    #expect(database == "$XDG_DATA_HOME/kivash/kivash.sqlite3")
    #expect(cache == "$XDG_DATA_HOME/kivash/http-cache")
    #expect(history == "$XDG_STATE_HOME/kivash/history")
    let files = ManPage.files.map(\.0)
    #expect(files == [InitScript.displayPath, database, cache, history])
    let home = ["HOME": "/h"]
    #expect(
      UserDataLocation.defaultFileURL(environment: home)?.path
        == "/h/.local/share/kivash/kivash.sqlite3")
    #expect(
      CommandHistory.defaultFileURL(environment: home)?.path == "/h/.local/state/kivash/history")
    #expect(page.contains("in ~/.local/share without XDG_DATA_HOME"))
    #expect(page.contains("in ~/.local/state without XDG_STATE_HOME"))
    // KIVASH_DATA_DIR moves the database and the cache, not the history.
    let moved = ["KIVASH_DATA_DIR": "/d", "XDG_STATE_HOME": "/s"]
    #expect(UserDataLocation.defaultFileURL(environment: moved)?.path == "/d/kivash.sqlite3")
    #expect(ResponseCache.defaultDirectory(environment: moved)?.path == "/d/http-cache")
    #expect(CommandHistory.defaultFileURL(environment: moved)?.path == "/s/kivash/history")
    let dataDir = ManPage.environment.first { $0.0 == "KIVASH_DATA_DIR" }?.1 ?? ""
    #expect(dataDir.contains("the database and the HTTP cache"))
    #expect(dataDir.contains("not the history"))
  }

  @Test("man renders the page without warnings (groff -ww)")
  func manPageRenders() throws {
    let page = Self.root.appendingPathComponent("docs/kivash.1").path
    let run = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "groff -ww -man -Tutf8 \"$1\" >/dev/null", "sh", page])
    #expect(run.status == 0)
    #expect(run.output == "", "groff warned:\n\(run.output)")
  }

  @Test("bash loads the completion and completes --json")
  func bashCompletes() throws {
    let script = Self.root.appendingPathComponent("completions/kivash.bash").path
    let run = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        "-c",
        #"source "$1" && COMP_WORDS=(kivash --js) COMP_CWORD=1 && _kivash && echo "${COMPREPLY[@]}" && COMP_WORDS=(kivash --color al) COMP_CWORD=2 && _kivash && echo "${COMPREPLY[@]}""#,
        "bash", script,
      ])
    #expect(run.status == 0)
    #expect(run.output == "--json\nalways\n")
  }

  @Test("zsh loads the completion function, which offers --json")
  func zshLoads() throws {
    let folder = Self.root.appendingPathComponent("completions").path
    let run = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/zsh"),
      [
        "-fc",
        #"fpath=("$1" $fpath); autoload -Uz compinit && compinit -u -D && print -r -- ${_comps[kivash]} && autoload -Uz +X _kivash && functions _kivash | grep -c -- "--json""#,
        "zsh", folder,
      ])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output == "_kivash\n1\n")
  }

  @Test("zsh completes one option per word: kivash refuses stacked ones (-kc)")
  func zshDoesNotStack() throws {
    let run = try BinaryRun.run(["-kc", "count"])
    #expect(run.status == 2)
    #expect(run.output == "error: unknown option '-kc' — see 'kivash --help'\n")
    // `_arguments -s` would offer `-c` after `-k`, making `-kc`.
    #expect(CompletionScripts.zsh().contains("_arguments \\\n"))
    #expect(!CompletionScripts.zsh().contains("_arguments -s"))
  }

  @Test("fish loads the completion and completes --json")
  func fishCompletes() throws {
    let script = Self.root.appendingPathComponent("completions/kivash.fish").path
    let run = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/fish"),
      ["--no-config", "-c", "source $argv[1]; and complete -C'kivash --js'", script])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output == "--json\tprint records as JSON or CSV, messages on stderr ('set mode')\n")
  }
}
