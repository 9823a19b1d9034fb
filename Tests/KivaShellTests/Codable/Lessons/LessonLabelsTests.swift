import Testing

@testable import KivaShell

/// A lesson's section labelled with a command (`Swift (codegen PostedLoan --snake-case):`,
/// `Result (decode PostedLoan --snake-case):`) shows what that command prints, run on the
/// lesson's JSON once the lesson's models are defined; and a lesson that decodes with
/// strategies has a Try line that gives its Result.
@Suite("Lessons: each label names the command that prints what is under it")
struct LessonLabelsTests {
  /// A section of a lesson: its title line, and the lines under it without their indent.
  struct Section {
    var title: String
    var lines: [String]
    var text: String { lines.joined(separator: "\n") }
  }

  /// The sections of a lesson's output; the blank line before each title is dropped.
  static func sections(_ output: String) -> [Section] {
    var sections: [Section] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.isEmpty, !line.hasPrefix(" "), line.hasSuffix(":") {
        sections.append(Section(title: String(line), lines: []))
      } else if !sections.isEmpty {
        sections[sections.count - 1].lines.append(String(line.dropFirst(2)))
      }
    }
    for index in sections.indices where sections[index].lines.last == "" {
      sections[index].lines.removeLast()
    }
    return sections
  }

  /// What `line` prints (output, then errors) after `setup` has run, trailing blank lines cut.
  static func printed(_ line: String, after setup: [String]) -> String {
    let before = ScriptRun(setup)
    let run = ScriptRun(setup + [line])
    let text =
      String(run.standard.dropFirst(before.standard.count))
      + String(run.error.dropFirst(before.error.count))
    return trimmed(text)
  }

  static func trimmed(_ text: String) -> String {
    String(text.reversed().drop { $0 == "\n" }.reversed())
  }

  @Test(
    "the Swift, the decoder's calls and the Result are what their labels' commands print",
    arguments: Array(Lesson.all.indices))
  func labelledSections(index: Int) {
    let lesson = Lesson.all[index]
    let shown = Self.sections(ScriptRun(["lesson \(index + 1)"]).standard)
    var checked: [String] = []
    for (position, section) in shown.enumerated() {
      guard let match = section.title.wholeMatch(of: /.*\(((?:codegen|decode) [^)]*)\):/) else {
        continue
      }
      let command = String(match.1)
      var expected = section.text
      if command.hasPrefix("decode") {
        // The calls are followed by the value, which the lesson shows as its Result.
        if command.hasSuffix(" --trace"), shown.indices.contains(position + 1) {
          expected += "\n" + shown[position + 1].text
        }
        let line = command + " " + lesson.json
        var printed = Self.printed(line, after: lesson.extraModels)
        // The hand-written walk that crashes fails the command too: its error follows.
        if command.hasSuffix(" --manual"), let last = printed.range(of: "\nerror: ") {
          printed = String(printed[..<last.lowerBound])
        }
        #expect(printed == Self.trimmed(expected), "lesson \(index + 1): \(section.title)")
      } else {
        #expect(
          Self.printed(command, after: lesson.extraModels) == Self.trimmed(expected),
          "lesson \(index + 1): \(section.title)")
      }
      checked.append(command.split(separator: " ").first.map(String.init) ?? "")
    }
    #expect(checked.filter { $0 == "codegen" }.count == 1, "lesson \(index + 1)")
    #expect(
      checked.filter { $0 == "decode" }.count
        == (lesson.showTrace ? 2 : 1) + (lesson.showManual ? 1 : 0))
  }

  @Test("a lesson with strategies: a Try line decodes its JSON and gives its Result")
  func tryLineGivesTheResult() throws {
    let withStrategies = Lesson.all.indices.filter { Lesson.all[$0].options != DecodingOptions() }
    #expect(!withStrategies.isEmpty)
    for index in withStrategies {
      let lesson = Lesson.all[index]
      let lines = lesson.tryNext.map { $0.components(separatedBy: "   #")[0] }
      let decode = try #require(
        lines.firstIndex { $0.hasPrefix("decode \(lesson.model) ") && $0.hasSuffix(lesson.json) },
        "lesson \(index + 1) has no Try line that decodes its JSON")
      let shown = Self.sections(ScriptRun(["lesson \(index + 1)"]).standard)
      let result = try #require(shown.first { $0.title.hasPrefix("Result") })
      #expect(
        Self.printed(lines[decode], after: Array(lines[..<decode])) == Self.trimmed(result.text))
    }
  }
}
