import Foundation

/// The last good response for one URL, as `ResponseCache` keeps it.
public struct CachedResponse: Sendable, Equatable {
  /// The URL that was asked for: the cache's key.
  public var requestURL: URL
  /// Where the body finally came from, after redirects.
  public var finalURL: URL
  /// The status of the answer that carried the body.
  public var status: Int
  /// The answer's `ETag`, sent back as `If-None-Match`.
  public var etag: String?
  /// The answer's `Last-Modified`, sent back as `If-Modified-Since`.
  public var lastModified: String?
  /// When the body was stored.
  public var storedAt: Date
  /// The body.
  public var data: Data

  /// A response with all its parts.
  public init(
    requestURL: URL, finalURL: URL, status: Int, etag: String?, lastModified: String?,
    storedAt: Date = Date(), data: Data
  ) {
    self.requestURL = requestURL
    self.finalURL = finalURL
    self.status = status
    self.etag = etag
    self.lastModified = lastModified
    self.storedAt = storedAt
    self.data = data
  }
}

/// A folder of last good responses, one pair of files per URL: `KEY.body` holds the
/// bytes, `KEY.json` the URL, validators, length and checksum of the body. `KEY` is a
/// 64-bit FNV-1a hash of the URL; the URL stored beside it guards against collisions.
///
/// Each file is written atomically (to a temporary file, then renamed), the entry first:
/// until its body follows, the checksum makes the entry count as absent.
/// An entry whose files are missing, unreadable, for another URL, or whose body does not
/// match its length and checksum is treated as absent — never an error.
///
/// The cache is bounded: `trim()` keeps the most recently stored or used entries within
/// `maxEntries` and `maxBytes` of bodies, and removes the rest.
public final class ResponseCache: Sendable {
  /// The folder holding the entries; created on the first store.
  public let directory: URL
  /// The most entries `trim()` keeps.
  public let maxEntries: Int
  /// The most bytes of bodies `trim()` keeps.
  public let maxBytes: Int

  /// A cache in `directory`, trimmed to `maxEntries` entries and `maxBytes` of bodies
  /// (by default 1,000 and 256 MB: a thousand pages of loans, or four bodies of the
  /// largest size a fetch accepts).
  public init(directory: URL, maxEntries: Int = 1_000, maxBytes: Int = 256 << 20) {
    self.directory = directory
    self.maxEntries = maxEntries
    self.maxBytes = maxBytes
  }

  /// The cache folder's name, beside the user's database.
  static let folderName = "http-cache"

  /// `http-cache` beside the user's database (see `UserDataLocation`), so that
  /// `KIVASH_DATA_DIR` moves both; nil when there is no data folder.
  public static func defaultDirectory(environment: [String: String]) -> URL? {
    UserDataLocation.defaultFileURL(environment: environment)?
      .deletingLastPathComponent()
      .appendingPathComponent(folderName, isDirectory: true)
  }

  /// The stored response for `url`, or nil when there is none or it is damaged.
  public func lookup(_ url: URL) -> CachedResponse? {
    let files = self.files(for: url)
    guard let metaData = try? Data(contentsOf: files.meta),
      let entry = try? JSONDecoder().decodeWithoutTrapping(Entry.self, from: metaData),
      entry.version == Entry.currentVersion, entry.url == url.absoluteString,
      let finalURL = URL(string: entry.finalURL),
      let body = try? Data(contentsOf: files.body),
      body.count == entry.bodyLength, Self.checksum(body) == entry.bodyChecksum
    else { return nil }
    return CachedResponse(
      requestURL: url, finalURL: finalURL, status: entry.status, etag: entry.etag,
      lastModified: entry.lastModified,
      storedAt: Date(timeIntervalSince1970: entry.storedAt), data: body)
  }

  /// Whether a usable copy of `url` is stored.
  public func contains(_ url: URL) -> Bool {
    lookup(url) != nil
  }

  /// Stores `response` under its `requestURL`, replacing what was there. Returns false
  /// when the files could not be written (the cache is an optimisation, so callers may
  /// ignore that).
  @discardableResult
  public func store(_ response: CachedResponse) -> Bool {
    let files = self.files(for: response.requestURL)
    let entry = Entry(
      version: Entry.currentVersion, url: response.requestURL.absoluteString,
      finalURL: response.finalURL.absoluteString, status: response.status,
      etag: response.etag, lastModified: response.lastModified,
      storedAt: response.storedAt.timeIntervalSince1970, bodyLength: response.data.count,
      bodyChecksum: Self.checksum(response.data))
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(entry).write(to: files.meta, options: .atomic)
      try response.data.write(to: files.body, options: .atomic)
      return true
    } catch {
      return false
    }
  }

  /// Marks `url`'s entry as just used, so that `trim()` keeps it longer.
  public func markUsed(_ url: URL) {
    try? FileManager.default.setAttributes(
      [.modificationDate: Date()], ofItemAtPath: files(for: url).meta.path)
  }

  /// Removes the least recently stored or used entries until at most `maxEntries` are
  /// left, holding at most `maxBytes` of bodies; the entries of `keeping` (just stored or
  /// used) stay whatever their dates say. Also removes a body whose entry has been gone
  /// for `strayAge` (another kivash may be writing the pair right now). Files that are
  /// not entries are left alone.
  public func trim(keeping: [URL] = []) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
    let present = Set(names)
    let now = Date()
    let kept = Set(keeping.map { Self.hexHash(Data($0.absoluteString.utf8)) })
    var entries: [(key: String, used: Date, bytes: Int)] = []
    for name in names {
      let path = directory.appendingPathComponent(name).path
      if name.hasSuffix(".body"), !present.contains(name.dropLast(5) + ".json"),
        let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
        now.timeIntervalSince(modified) > Self.strayAge
      {
        try? manager.removeItem(atPath: path)
      }
      guard name.hasSuffix(".json") else { continue }
      let key = String(name.dropLast(5))
      let meta = try? manager.attributesOfItem(atPath: path)
      let body = try? manager.attributesOfItem(
        atPath: directory.appendingPathComponent(key + ".body").path)
      let used = meta?[.modificationDate] as? Date ?? .distantPast
      entries.append(
        (
          key, kept.contains(key) ? .distantFuture : used,
          (body?[.size] as? NSNumber)?.intValue ?? 0
        ))
    }
    // Newest first; the key breaks ties so that the same files always go.
    entries.sort { ($0.used, $0.key) > ($1.used, $1.key) }
    var count = 0
    var bytes = 0
    for entry in entries {
      if count < maxEntries, bytes + entry.bytes <= maxBytes || entry.used == .distantFuture {
        count += 1
        bytes += entry.bytes
        continue
      }
      try? manager.removeItem(at: directory.appendingPathComponent(entry.key + ".json"))
      try? manager.removeItem(at: directory.appendingPathComponent(entry.key + ".body"))
    }
  }

  /// How old a body without its entry must be before `trim` removes it, in seconds.
  static let strayAge: TimeInterval = 60

  /// Forgets `url`.
  public func remove(_ url: URL) {
    let files = self.files(for: url)
    try? FileManager.default.removeItem(at: files.meta)
    try? FileManager.default.removeItem(at: files.body)
  }

  /// The two files of `url`'s entry.
  func files(for url: URL) -> (meta: URL, body: URL) {
    let key = Self.hexHash(Data(url.absoluteString.utf8))
    return (
      directory.appendingPathComponent(key + ".json"),
      directory.appendingPathComponent(key + ".body")
    )
  }

  /// What `KEY.json` holds.
  private struct Entry: Codable {
    static let currentVersion = 1
    var version: Int
    var url: String
    var finalURL: String
    var status: Int
    var etag: String?
    var lastModified: String?
    var storedAt: Double
    var bodyLength: Int
    var bodyChecksum: String
  }

  private static func checksum(_ data: Data) -> String {
    hexHash(data)
  }

  /// 64-bit FNV-1a as 16 hex digits: stable across runs and platforms, unlike `Hasher`.
  static func hexHash(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    data.withUnsafeBytes { bytes in
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
