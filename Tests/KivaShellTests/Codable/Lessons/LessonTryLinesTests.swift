import Testing

@testable import KivaShell

/// What each lesson offers to try next runs as shown, in a fresh session: a teacher types
/// it in front of a class. A line whose comment names a decoding error fails with it; the
/// others succeed. (Lines that read a file the class would have are left out.)
@Suite("Lessons: the 'Try' lines run")
struct LessonTryLinesTests {
  static let errorKinds = ["keyNotFound", "typeMismatch", "valueNotFound", "dataCorrupted"]

  @Test("every lesson's Try lines do what they say", arguments: Lesson.all.indices)
  func tryLinesRun(_ index: Int) {
    let shell = Shell(session: .withBuiltInData(), output: Output(sink: CapturingSink()))
    for line in Lesson.all[index].tryNext where !line.contains("@") {
      let parts = line.components(separatedBy: "   #")
      let comment = parts.dropFirst().joined()
      let expectsError = Self.errorKinds.contains { comment.contains($0) }
      do {
        try shell.execute(line: parts[0])
        #expect(!expectsError, "lesson \(index + 1): '\(line)' did not fail")
      } catch {
        #expect(expectsError, "lesson \(index + 1): '\(line)' failed: \(error.message)")
      }
    }
  }
}
