import Foundation
import Testing

@testable import KivaShell

/// `ResponseCache` on its own: round trips, damage, and where it lives.
@Suite("Network cache: files per URL, damage ignored")
struct NetworkCacheTests {
  private func sample(_ url: URL, body: String = #"{"loans":[]}"#) -> CachedResponse {
    CachedResponse(
      requestURL: url, finalURL: url, status: 200, etag: "\"abc\"",
      lastModified: "Tue, 12 Jun 2012 20:30:00 GMT",
      storedAt: Date(timeIntervalSince1970: 1_339_533_000), data: Data(body.utf8))
  }

  @Test("a stored response comes back whole; other URLs are absent")
  func roundTrip() throws {
    let folder = TemporaryCache()
    defer { folder.remove() }
    let url = try #require(URL(string: "https://api.kivaws.org/v1/loans/newest.json?page=2"))
    let other = try #require(URL(string: "https://api.kivaws.org/v1/loans/newest.json?page=3"))
    #expect(folder.cache.store(sample(url)))
    #expect(ResponseCache(directory: folder.directory).lookup(url) == sample(url))
    #expect(folder.cache.lookup(other) == nil)
    folder.cache.store(sample(url, body: "[2]"))
    #expect(folder.cache.lookup(url)?.data == Data("[2]".utf8))
    folder.cache.remove(url)
    #expect(!folder.cache.contains(url))
  }

  @Test(
    "a damaged entry is ignored",
    arguments: ["garbage meta", "changed body", "missing body", "meta of another URL"])
  func damage(kind: String) throws {
    let folder = TemporaryCache()
    defer { folder.remove() }
    let cache = folder.cache
    let url = try #require(URL(string: "http://127.0.0.1:1/a"))
    let other = try #require(URL(string: "http://127.0.0.1:1/b"))
    #expect(cache.store(sample(url)))
    let files = cache.files(for: url)
    switch kind {
    case "garbage meta":
      try Data("{not json".utf8).write(to: files.meta)
    case "changed body":
      try Data(#"{"loans":[1]}"#.utf8).write(to: files.body)
    case "missing body":
      try FileManager.default.removeItem(at: files.body)
    default:
      #expect(cache.store(sample(other)))
      try FileManager.default.removeItem(at: files.meta)
      try FileManager.default.copyItem(at: cache.files(for: other).meta, to: files.meta)
    }
    #expect(cache.lookup(url) == nil)
  }

  @Test("storing into an unwritable place fails quietly")
  func unwritable() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-not-a-folder-\(UUID().uuidString)")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let url = try #require(URL(string: "http://127.0.0.1:1/a"))
    let cache = ResponseCache(directory: file)
    #expect(!cache.store(sample(url)))
    #expect(cache.lookup(url) == nil)
  }

  @Test("the default folder sits beside the database")
  func defaultDirectory() {
    #expect(
      ResponseCache.defaultDirectory(environment: ["KIVASH_DATA_DIR": "/data"])?.path
        == "/data/http-cache")
    #expect(
      ResponseCache.defaultDirectory(environment: ["HOME": "/home/k"])?.path
        == "/home/k/.local/share/kivash/http-cache")
    #expect(ResponseCache.defaultDirectory(environment: ["KIVASH_DATA_DIR": ""]) == nil)
  }

  @Test("file names are a stable hash of the URL")
  func stableNames() {
    #expect(ResponseCache.hexHash(Data()) == "cbf29ce484222325")
    #expect(ResponseCache.hexHash(Data("a".utf8)) == "af63dc4c8601ec8c")
  }
}
