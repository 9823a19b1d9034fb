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
    // The build products directory holds the test bundle (a file or a folder) and kivash.
    let starts = [
      Bundle.main.bundleURL, Bundle.main.executableURL,
      CommandLine.arguments.first.map { URL(fileURLWithPath: $0) },
    ].compactMap { $0 }
    for start in starts {
      var directory = start.hasDirectoryPath ? start : start.deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("kivash")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
          !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
        {
          return candidate
        }
        directory = directory.deletingLastPathComponent()
      }
    }
    return testsFolder.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/debug/kivash")
  }()
}
