import Foundation
import Testing

@testable import KivaShell

/// `ResponseCache.trim()`: the cache keeps the entries used last, within its limits.
@Suite("Network cache: bounded, least recently used first out")
struct NetworkCacheLimitTests {
  private func page(_ number: Int) throws -> URL {
    try #require(URL(string: "http://127.0.0.1:1/v1/loans/newest.json?page=\(number)"))
  }

  /// Stores pages 1…`count` with bodies of `bytes` bytes, page 1 the oldest.
  private func fill(_ cache: ResponseCache, count: Int, bytes: Int = 10) throws {
    for number in 1...count {
      let url = try page(number)
      #expect(
        cache.store(
          CachedResponse(
            requestURL: url, finalURL: url, status: 200, etag: nil, lastModified: nil,
            data: Data(repeating: UInt8(ascii: "x"), count: bytes))))
      try age(cache, url, seconds: Double(count - number + 1) * 60)
    }
  }

  /// Makes `url`'s entry look used `seconds` ago.
  private func age(_ cache: ResponseCache, _ url: URL, seconds: Double) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -seconds)],
      ofItemAtPath: cache.files(for: url).meta.path)
  }

  private func kept(_ cache: ResponseCache, of count: Int) throws -> [Int] {
    try (1...count).filter { cache.contains(try page($0)) }
  }

  @Test("past maxEntries, the entries used longest ago go, both of their files")
  func entryLimit() throws {
    let folder = TemporaryCache()
    defer { folder.remove() }
    let cache = ResponseCache(directory: folder.directory, maxEntries: 3)
    try fill(cache, count: 5)
    cache.trim()
    #expect(try kept(cache, of: 5) == [3, 4, 5])
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.directory.path)
    #expect(names.count == 6)
  }

  @Test("past maxBytes of bodies, the entries used longest ago go")
  func byteLimit() throws {
    let folder = TemporaryCache()
    defer { folder.remove() }
    let cache = ResponseCache(directory: folder.directory, maxBytes: 100)
    try fill(cache, count: 4, bytes: 40)
    cache.trim()
    #expect(try kept(cache, of: 4) == [3, 4])
  }

  @Test("an entry just used stays, however long ago it was stored")
  func markUsed() throws {
    let folder = TemporaryCache()
    defer { folder.remove() }
    let cache = ResponseCache(directory: folder.directory, maxEntries: 2)
    try fill(cache, count: 3)
    cache.markUsed(try page(1))
    cache.trim()
    #expect(try kept(cache, of: 3) == [1, 3])
  }

  @Test("a body long without its entry goes; a new one (being written) and other files stay")
  func strays() throws {
    let folder = TemporaryCache()
    defer { folder.remove() }
    let cache = folder.cache
    try fill(cache, count: 1)
    let directory = folder.directory
    let old = directory.appendingPathComponent("0123456789abcdef.body")
    try Data("x".utf8).write(to: old)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -ResponseCache.strayAge - 5)],
      ofItemAtPath: old.path)
    try Data("x".utf8).write(to: directory.appendingPathComponent("fedcba9876543210.body"))
    try Data("mine".utf8).write(to: directory.appendingPathComponent("notes.txt"))
    cache.trim()
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let entry = cache.files(for: try page(1))
    #expect(
      names == [
        entry.body.lastPathComponent, entry.meta.lastPathComponent, "fedcba9876543210.body",
        "notes.txt",
      ])
  }

  @Test("the entries just stored or used stay, even beside entries dated in the future")
  func keepingDespiteClockSkew() throws {
    let folder = TemporaryCache()
    defer { folder.remove() }
    let cache = ResponseCache(directory: folder.directory, maxEntries: 2)
    try fill(cache, count: 3)
    // Pages 1 and 3 were stored while the clock said next year; page 2 was just stored.
    for number in [1, 3] { try age(cache, try page(number), seconds: -365 * 24 * 3600) }
    cache.trim(keeping: [try page(2)])
    let left = try kept(cache, of: 3)
    #expect(left.count == 2)
    #expect(left.contains(2))
  }

  @Test("trimming a cache that was never written does nothing")
  func missingFolder() {
    let folder = TemporaryCache()
    folder.cache.trim()
    #expect(!FileManager.default.fileExists(atPath: folder.directory.path))
  }
}
