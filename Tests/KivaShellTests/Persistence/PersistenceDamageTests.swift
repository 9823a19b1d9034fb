import Foundation
import Testing

@testable import KivaShell

/// A file the store cannot use is reported as `.failed` and left exactly as it was.
@Suite("SQLite store refuses damaged files")
struct PersistenceDamageTests {
  /// Bytes that are not a database (no SQLite header).
  static let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })

  @Test("a file of garbage is not opened and not modified")
  func garbage() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    try Self.garbage.write(to: file)
    try expectRefused(file, reason: "not an SQLite database")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [
        file.lastPathComponent
      ])
  }

  @Test("garbage after a valid SQLite header is refused and not modified")
  func garbageAfterHeader() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    try (Data(DatabaseFile.header) + Self.garbage).write(to: file)
    try expectRefused(file)
  }

  @Test("a database with a damaged page is refused and not modified")
  func damagedPage() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    do {
      let store = try SQLiteUserDataStore.open(at: file)
      for number in 0..<300 {
        _ = try store.addCategory(name: "A long category name, number \(number)", icon: "folder")
      }
    }
    var bytes = try Data(contentsOf: file)
    #expect(bytes.count > 4 * 4096)
    bytes.replaceSubrange(2 * 4096..<3 * 4096, with: Self.garbage.prefix(4096))
    try bytes.write(to: file)
    let message = try expectRefused(file)
    // e.g. "the database is damaged (Page 3: btreeInitPage() returns error code 11)"
    #expect(message.hasPrefix("the database is damaged (Page "))
    #expect(!message.contains("\n") && !message.contains("***"))
  }

  @Test("a database from a newer kivash is refused and not modified")
  func newerSchema() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    do {
      let connection = try SQLiteConnection(path: file.path, create: true)
      try connection.run("CREATE TABLE future (x)")
      try connection.run("PRAGMA user_version = 99")
    }
    try expectRefused(
      file,
      reason:
        "its schema version 99 is newer than this kivash knows (\(UserDataSchema.latestVersion))")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [
        file.lastPathComponent
      ])
  }

  @Test("a newer database whose change is still in the write-ahead log is not checkpointed")
  func newerSchemaInLog() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    _ = try SQLiteUserDataStore.open(at: file)
    do {
      // Leave the version change in the log, as a crashed newer kivash would.
      let connection = try SQLiteConnection(path: file.path, create: false)
      try connection.run("PRAGMA wal_autocheckpoint = 0")
      try connection.run("PRAGMA user_version = \(UserDataSchema.latestVersion + 1)")
      try connection.setCheckpointOnClose(false)
    }
    let log = folder.file(UserDataLocation.fileName + "-wal")
    #expect(try FileSnapshot(log).bytes.count > 0)
    let newer = UserDataSchema.latestVersion + 1
    try expectRefused(
      file,
      reason: "its schema version \(newer) is newer than this kivash knows (\(newer - 1))")
    #expect(try FileSnapshot(log).bytes.count > 0)
  }

  @Test("a directory at the path is refused")
  func directory() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    #expect(throws: StoreError.failed("it is a directory")) {
      try SQLiteUserDataStore.open(at: file)
    }
  }

  @Test("a file under a regular file is refused")
  func parentIsAFile() throws {
    let folder = try TemporaryDirectory()
    try Data("x".utf8).write(to: folder.file("plain"))
    #expect(throws: StoreError.failed("not a directory")) {
      try SQLiteUserDataStore.open(at: folder.file("plain/\(UserDataLocation.fileName)"))
    }
  }

  @Test(
    "a file without read and write permission is refused and not modified",
    .enabled(if: getuid() != 0, "root may read and write any file"))
  func unreadable() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    _ = try SQLiteUserDataStore.open(at: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: file.path)
    try expectRefused(file, reason: "permission denied")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
    try expectRefused(file, reason: "permission denied")
  }

  /// Expects opening `file` to fail with `.failed`, leaving its bytes and modification
  /// time as they were; returns the failure's message ("" when it did not fail so).
  @discardableResult
  private func expectRefused(
    _ file: URL, reason: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let before = try FileSnapshot(file)
    var message = ""
    do {
      _ = try SQLiteUserDataStore.open(at: file)
      Issue.record("opened \(file.lastPathComponent)", sourceLocation: sourceLocation)
    } catch {
      if case .failed(let text) = error {
        message = text
      } else {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
      }
    }
    if let reason {
      #expect(message == reason, sourceLocation: sourceLocation)
    }
    #expect(try FileSnapshot(file) == before, sourceLocation: sourceLocation)
    return message
  }
}

/// A file's bytes and modification time, to prove it untouched.
struct FileSnapshot: Equatable {
  let bytes: Data
  let modified: Date?

  init(_ file: URL) throws {
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    modified = attributes[.modificationDate] as? Date
    let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
    bytes = permissions & 0o400 == 0 ? Data() : try Data(contentsOf: file)
  }
}
