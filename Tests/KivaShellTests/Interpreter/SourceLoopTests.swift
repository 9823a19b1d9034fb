import Foundation
import Testing

@testable import KivaShell

/// A script that sources itself, or scripts that source each other, stop at the depth
/// limit with one error that names the line once.
@Suite("Scripts that source themselves")
struct SourceLoopTests {
  @Test("the script run sourcing itself: its file and line said once")
  func itself() throws {
    let directory = try TemporaryDirectory()
    try "count\nsource self.kiva\n".write(
      to: directory.url.appendingPathComponent("self.kiva"), atomically: true, encoding: .utf8)
    // However the script was named to kivash.
    for name in ["self.kiva", "./self.kiva", directory.url.path + "/self.kiva"] {
      let run = try BinaryRun.run(["--no-persist", name], in: directory.url)
      #expect(run.status == 1)
      let errors = run.output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
      #expect(
        errors == [
          "error: self.kiva:2: 'source self.kiva' nests more than 16 scripts deep — does a "
            + "script source itself, or one that sources it?"
        ], "\(name)")
    }
  }
}
