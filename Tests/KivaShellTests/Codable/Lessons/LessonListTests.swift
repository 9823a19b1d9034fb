import Testing

@testable import KivaShell

/// `lesson` with no step lists the steps and says what to type to start.
@Suite("lesson: the list of steps")
struct LessonListTests {
  @Test("the list ends by telling what to type, and typing it starts the first step")
  func listSaysHowToStart() {
    let run = ScriptRun(["lesson"])
    #expect(run.error == "")
    #expect(
      run.standard == """
          1  A flat struct
          2  CodingKeys rename a key
          3  A nested container
          4  An array inside a wrapper
          5  JSONSerialization or Codable
          6  Decoding strategies
        Type 'lesson 1' to start, 'lesson next' to go on, or 'lesson N' for step N.

        """)
    #expect(ScriptRun(["lesson 1"]).standard.hasPrefix("Lesson 1 of 6 — A flat struct\n"))
  }

  @Test(
    "a step past the last is no lesson, however big",
    arguments: ["7", "9223372036854775807", "99999999999999999999"])
  func noSuchStep(step: String) {
    let count = Lesson.all.count
    #expect(
      ScriptRun(["lesson \(step)"]).error
        == "error: no lesson \(step) — there are \(count); 'lesson' lists them\n")
  }
}
