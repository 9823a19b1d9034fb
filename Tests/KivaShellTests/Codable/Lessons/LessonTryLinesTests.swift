import Testing

@testable import KivaShell

/// What each lesson offers to try next runs as shown, in one session, lesson after lesson:
/// a teacher types it in front of a class. A line whose comment names a decoding error
/// fails with it; the others succeed. Files the lines write and read (`newest.json`) are
/// in a folder of the test's own.
@Suite("Lessons: the 'Try' lines run")
struct LessonTryLinesTests {
  static let errorKinds = ["keyNotFound", "typeMismatch", "valueNotFound", "dataCorrupted"]

  @Test("every lesson's Try lines do what they say")
  func tryLinesRun() throws {
    let folder = try TemporaryDirectory()
    let shell = Shell(session: .withBuiltInData(), output: Output(sink: CapturingSink()))
    for (index, lesson) in Lesson.all.enumerated() {
      for line in lesson.tryNext {
        run(line.replacing("newest.json", with: folder.url.path + "/newest.json"), in: shell, index)
      }
    }
  }

  /// Runs one Try line of lesson `index + 1`, expecting a failure when its comment names
  /// a decoding error.
  private func run(_ line: String, in shell: Shell, _ index: Int) {
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
