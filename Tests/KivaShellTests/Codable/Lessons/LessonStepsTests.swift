import Testing

@testable import KivaShell

/// `lesson next` and `lesson back` go on from the step shown last, as a class does.
@Suite("Lesson steps, one after another")
struct LessonStepsTests {
  @Test("next and back move from the step shown last, and say where the steps end")
  func nextAndBack() {
    let run = ScriptRun(["lesson next", "lesson 5", "lesson next", "lesson next", "lesson back"])
    let headers = run.standard.split(separator: "\n").filter {
      $0.hasPrefix("Lesson ") || $0.hasPrefix("that was")
    }
    #expect(
      headers == [
        "Lesson 1 of 6 — A flat struct", "Lesson 5 of 6 — JSONSerialization or Codable",
        "Lesson 6 of 6 — Decoding strategies",
        "that was the last step, 6 of 6 — 'lesson 1' starts again",
        "Lesson 5 of 6 — JSONSerialization or Codable",
      ])
    #expect(run.error == "")
    let first = ScriptRun(["lesson 1", "lesson back"])
    #expect(first.standard.hasSuffix("that was the first step — 'lesson next' goes on\n"))
  }
}
