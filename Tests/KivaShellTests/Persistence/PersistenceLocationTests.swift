import Foundation
import Testing

@testable import KivaShell

/// Where the database lives, and what a run does when it can't be opened.
@Suite("user-data location")
struct PersistenceLocationTests {
  @Test(
    "the environment picks the file",
    arguments: [
      (
        ["KIVASH_DATA_DIR": "/data", "XDG_DATA_HOME": "/xdg", "HOME": "/home/me"],
        "/data/kivash.sqlite3"
      ),
      (["KIVASH_DATA_DIR": "", "XDG_DATA_HOME": "/xdg", "HOME": "/home/me"], nil),
      (["XDG_DATA_HOME": "/xdg", "HOME": "/home/me"], "/xdg/kivash/kivash.sqlite3"),
      (
        ["XDG_DATA_HOME": "relative/xdg", "HOME": "/home/me"],
        "/home/me/.local/share/kivash/kivash.sqlite3"
      ),
      (["XDG_DATA_HOME": "", "HOME": "/home/me"], "/home/me/.local/share/kivash/kivash.sqlite3"),
      (["HOME": "/home/me"], "/home/me/.local/share/kivash/kivash.sqlite3"),
      (["HOME": ""], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func defaultFile(environment: [String: String], expected: String?) {
    #expect(UserDataLocation.defaultFileURL(environment: environment)?.path == expected)
  }

  @Test("without persistence or a location the store is in memory, silently")
  func inMemory() throws {
    let folder = try TemporaryDirectory()
    let environment = ["KIVASH_DATA_DIR": folder.url.path]
    let unpersisted = UserDataStores.open(environment: environment, persist: false)
    #expect(unpersisted.store is MemoryUserDataStore)
    #expect(unpersisted.warning == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    let nowhere = UserDataStores.open(environment: ["KIVASH_DATA_DIR": ""], persist: true)
    #expect(nowhere.store is MemoryUserDataStore)
    #expect(nowhere.warning == nil)
  }

  @Test("a usable location gives the SQLite store")
  func persistent() throws {
    let folder = try TemporaryDirectory()
    let opened = UserDataStores.open(
      environment: ["KIVASH_DATA_DIR": folder.file("sub").path], persist: true)
    #expect(opened.store is SQLiteUserDataStore)
    #expect(opened.warning == nil)
    #expect(FileManager.default.fileExists(atPath: folder.file("sub/kivash.sqlite3").path))
  }

  @Test("a database that can't be opened falls back to memory with the exact warning")
  func fallback() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file(UserDataLocation.fileName)
    try PersistenceDamageTests.garbage.write(to: file)
    let opened = UserDataStores.open(
      environment: ["KIVASH_DATA_DIR": folder.url.path], persist: true)
    #expect(opened.store is MemoryUserDataStore)
    #expect(
      opened.warning
        == "can't open '\(file.path)': not an SQLite database; favourites, categories, searches and models will not be saved this run"
    )
  }
}
