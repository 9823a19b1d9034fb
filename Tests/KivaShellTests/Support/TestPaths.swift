import Foundation

/// Where the tests find their files and the built binary.
enum TestPaths {
  /// The test target's source folder.
  static let testsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The folder of checked-in fixtures.
  static let fixtures = testsFolder.appendingPathComponent("Fixtures")

  /// The folder of transcript tests.
  static let transcripts = testsFolder.appendingPathComponent("Transcripts")

  /// A fixture's path.
  static func fixture(_ name: String) -> String {
    fixtures.appendingPathComponent(name).path
  }

  /// The `kivash` binary built beside the tests (`KIVASH_BIN` overrides).
  static let kivashBinary: URL = {
    if let override = ProcessInfo.processInfo.environment["KIVASH_BIN"], !override.isEmpty {
      return URL(fileURLWithPath: override)
    }
    let starts = [
      URL(fileURLWithPath: CommandLine.arguments.first ?? ""),
      Bundle.main.bundleURL,
      Bundle.main.executableURL ?? Bundle.main.bundleURL,
    ]
    for start in starts {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("kivash")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    return testsFolder.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/debug/kivash")
  }()
}
