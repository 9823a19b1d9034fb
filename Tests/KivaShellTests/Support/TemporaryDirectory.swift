import Foundation

/// A fresh folder under the system's temporary directory, removed with the object.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The URL of `path` inside the folder.
  func file(_ path: String) -> URL { url.appendingPathComponent(path) }
}
