import Foundation

/// `lesson [N|next|back]`: the guided Codable lesson, a step at a time, computed live.
public struct LessonCommand: ShellCommand {
  /// The step, from 1; nil for the list of steps (or a step relative to the last shown).
  public var step: Int?
  /// `next` (+1) or `back` (-1): the step after or before the one shown last.
  public var move: Int?
  private var stepToken: Token?

  public static let spec = CommandSpec(
    name: "lesson", usage: "lesson [N|next|back]",
    summary:
      "walk through Codable: flat, CodingKeys, nested, arrays, JSONSerialization, strategies",
    details: """
      Each step shows JSON, the model, its Swift and the result, decoded live, and what
      to try next: change the JSON, or the model under a name of your own (model MyLoan
      { … }: the lesson's are built in), and decode again. 'lesson next' and 'lesson
      back' go on from the step shown last.
      """,
    examples: ["lesson", "lesson 1", "lesson next", "lesson 3", "lesson back"],
    completion: .word(["next", "back"], then: .nothing), pagesOutput: true)

  /// The command for step `step`.
  public init(step: Int) {
    self.step = step
  }

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    if let word = arguments.peek(), ["next", "back"].contains(word.text.lowercased()) {
      _ = arguments.next()
      stepToken = word
      move = word.text.lowercased() == "next" ? 1 : -1
    } else if arguments.peek() != nil {
      stepToken = arguments.peek()
      do throws(ShellError) {
        step = try arguments.number(command: "lesson", what: "a step number", example: "lesson 1")
      } catch {
        // A step beyond Int is no lesson either: said as one, with how many there are.
        guard case .numberTooLarge = error.kind else { throw error }
        step = Int.max
      }
    }
    try arguments.expectEnd(command: "lesson", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let output = context.output
    if let move {
      let last = Lesson.all.count
      let shown = session.lessonStep
      let wanted = (shown ?? (move > 0 ? 0 : 2)) + move
      guard (1...last).contains(wanted) else {
        output.line(
          move > 0
            ? "that was the last step, \(last) of \(last) — 'lesson 1' starts again"
            : "that was the first step — 'lesson next' goes on")
        return
      }
      return try LessonCommand(step: wanted).run(in: &session, context: context)
    }
    guard let step else {
      for (index, lesson) in Lesson.all.enumerated() {
        output.line("  \(index + 1)  \(lesson.title)")
      }
      output.line("Type 'lesson 1' to start, 'lesson next' to go on, or 'lesson N' for step N.")
      return
    }
    guard Lesson.all.indices.contains(step - 1) else {
      throw ShellError(
        .noSuchLesson(stepToken?.text ?? String(step), count: Lesson.all.count),
        at: stepToken?.range)
    }
    let lesson = Lesson.all[step - 1]
    session.lessonStep = step
    var library = session.models
    for source in lesson.extraModels {
      for definition in (try? ModelParser.parse(source)) ?? [] { library.insert(definition) }
    }
    output.line("Lesson \(step) of \(Lesson.all.count) — \(lesson.title)")
    output.reflowedLines(lesson.explanation)
    // Fitted to the screen (the section indents by two): on a projector, a terminal would
    // break a long line mid-word.
    let width = output.width - 2
    section("JSON:", LessonLayout.json(lesson.json, width: width), output)
    section(
      "Model:",
      library.closure(of: lesson.model).flatMap { LessonLayout.model($0.source, width: width) },
      output)
    // As 'codegen' prints it: the source, then how to decode it.
    let swift =
      SwiftCodeGenerator.source(for: lesson.model, library: library, options: lesson.options)
      + "\n"
      + SwiftCodeGenerator.decodingNote(
        for: lesson.model, library: library, options: lesson.options)
    // Blank lines between structs stay; the source's final newline makes no line.
    let swiftLines = swift.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map(String.init)
    // Each label names the command that prints what is under it, flags and all.
    let flags = DecodingFlags.arguments(for: lesson.options)
    section("Swift (codegen \(lesson.model)\(flags)):", swiftLines, output)
    let data = Data(lesson.json.utf8)
    if lesson.showManual {
      section(
        "The JSONSerialization way (decode \(lesson.model) --manual):",
        ManualDecoding.walk(lesson.model, library: library, json: data),
        output)
    }
    let trace = lesson.showTrace ? DecodingTrace() : nil
    var result: [String]
    do {
      result = [
        try ModelDecoder.decode(
          lesson.model, from: data, library: library, options: lesson.options, trace: trace
        ).swiftDescription
      ]
    } catch let error as DecodingError {
      let explained = LabDecoding.explain(
        error, json: data, options: lesson.options, model: lesson.model, library: library)
      result = ["error: " + explained.message] + explained.notes.map { "  " + $0 }
    } catch {
      result = ["error: \(error)"]
    }
    if let trace {
      section("The decoder's calls (decode \(lesson.model)\(flags) --trace):", trace.lines, output)
    }
    section("Result (decode \(lesson.model)\(flags)):", result, output)
    section("Try:", lesson.tryNext, output)
  }

  private func section(_ title: String, _ lines: [String], _ output: Output) {
    output.line()
    output.line(title)
    for line in lines { output.line(line.isEmpty ? "" : "  " + line) }
  }
}
