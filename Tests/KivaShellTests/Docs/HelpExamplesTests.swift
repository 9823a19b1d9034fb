import Testing

@testable import KivaShell

/// The examples `help COMMAND` shows run on the built-in data, in order, in a fresh
/// session: someone trying them (a class following a teacher) meets no error. Examples
/// that need a file or the network are left out.
@Suite("help: the examples run")
struct HelpExamplesTests {
  /// What an example needs that a fresh session does not have.
  static func needsMore(_ example: String) -> Bool {
    ["@", ".json", ".csv", ".txt", ".kiva", "://", "--live", "source "].contains {
      example.contains($0)
    }
  }

  /// Lines that fail with a hint (`— e.g. 'category add Music music.note'`), after the
  /// `use` each needs: what the hint shows runs there, as shown, on the built-in data.
  static let hinted = [
    "category", "category add", "category add ''", "category delete", "category rename",
    "category rename Garden", "category rename Garden ''", "category mv", "model", "codegen",
    "codegen NestedLoan --dates", "decode", "decode FlatLoan --dates", "show", "fav",
    "stats by", "use landmarks; stats by", "use restaurants; stats by",
    "set width", "set mode", "set color", "set decoder",
    "filter max", "filter min", "filter country", "filter sector",
    "use landmarks; filter state", "use landmarks; filter category",
    "use restaurants; filter type", "infer", "infer --name", "source", "export",
  ]

  @Test("the example an error's hint gives runs", arguments: hinted)
  func hintRuns(_ line: String) throws {
    let failing = Shell(session: .withBuiltInData(), output: Output(sink: CapturingSink()))
    var message = ""
    do {
      try failing.execute(line: line)
    } catch {
      message = error.message
    }
    let example = try #require(
      message.firstMatch(of: /e\.g\. '(.+)'$/).map { String($0.1) }, "'\(line)': \(message)")
    guard !Self.needsMore(example) else { return }
    let setup = line.components(separatedBy: "; ").dropLast()
    let shell = Shell(session: .withBuiltInData(), output: Output(sink: CapturingSink()))
    do {
      for part in setup + [example] { try shell.execute(line: part) }
    } catch {
      Issue.record("'\(line)' hints '\(example)', which fails: \(error.message)")
    }
  }

  @Test("each command's examples run without an error", arguments: CommandRegistry.names)
  func examplesRun(_ name: String) throws {
    let command = try #require(CommandRegistry.command(named: name))
    let shell = Shell(session: .withBuiltInData(), output: Output(sink: CapturingSink()))
    for example in command.spec.examples where !Self.needsMore(example) {
      do {
        try shell.execute(line: example)
      } catch {
        Issue.record("help \(name): '\(example)' failed: \(error.message)")
      }
    }
  }

  @Test("help's list of commands fits the width, summaries wrapped under themselves")
  func helpFitsTheWidth() {
    for width in [40, 60, 80] {
      let run = ScriptRun(["set width \(width)", "help"])
      let lines = run.standard.split(separator: "\n").dropFirst()
      #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= width }, "\(width): \(lines)")
    }
    let narrow = ScriptRun(["set width 60", "help"]).standard
    #expect(
      narrow.contains(
        "  lesson    walk through Codable: flat, CodingKeys, nested,\n"
          + "            arrays, JSONSerialization, strategies\n"))
  }
}
